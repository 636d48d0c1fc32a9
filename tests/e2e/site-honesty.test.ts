import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CallDispatchRequest } from '@/schemas/calls';
import { marketingOpenApi } from '@/schemas/openapi/marketing';
import { voiceOpenApi } from '@/schemas/openapi/voice';
import { openSiteInBrowser, type SiteInBrowser } from '../support/site-server';
import { listToolsInProcess } from '../support/tool-list';

// The API references render with no internet, and the home page claims only what exists.
let { site, chromium } = {} as SiteInBrowser;
openSiteInBrowser((opened) => ({ site, chromium } = opened));

/** A browser context where every request to another host fails, as on a machine offline. */
async function offlineContext(): Promise<{ context: BrowserContext; blocked: string[] }> {
  const context = await chromium.newContext();
  const origin = new URL(site.server.url).origin;
  const blocked: string[] = [];
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (new URL(url).origin === origin) return route.continue();
    blocked.push(url);
    return route.abort('internetdisconnected');
  });
  return { context, blocked };
}

const summaries = (document: { paths?: object }) =>
  Object.values(document.paths ?? {}).flatMap((operations: object) =>
    Object.values(operations).map((operation) => (operation as { summary: string }).summary),
  );

describe('the API references, offline', () => {
  it.each([
    ['/docs', 'Marketing API reference', marketingOpenApi('http://x'), false],
    ['/v1/docs', 'Voice API reference', voiceOpenApi('http://x'), true],
  ])(
    '%s renders its operations from our origin alone',
    async (path, title, document, authenticated) => {
      const { context, blocked } = await offlineContext();
      try {
        const page = await context.newPage();
        const failures: string[] = [];
        page.on('pageerror', (error) => failures.push(error.message));
        // Day-one defect 9: the reference logged "document validation errors" for schemas it
        // could not read, and the browser a 404 for the favicon it looked for.
        page.on('console', (message) => {
          if (['warning', 'error'].includes(message.type())) failures.push(message.text());
        });
        await page.goto(site.server.url + path);
        expect(await page.title()).toBe(title);
        const expected = summaries(document);
        expect(expected.length).toBeGreaterThan(4);
        // Scalar lists every operation by its summary once the document is loaded and rendered.
        await expect
          .poll(
            async () => {
              const text = await page.locator('body').innerText();
              return expected.filter((summary) => !text.includes(summary));
            },
            { timeout: 30_000 },
          )
          .toEqual([]);
        expect(blocked).toEqual([]);
        expect(failures).toEqual([]);
        // Day-one defect 9: customers see no developer bar of the reference tool, and the Voice
        // API's requests start with its bearer scheme chosen.
        // Scalar renders the introduction's authentication panel after the operation list, later
        // still on a busy machine: wait for it rather than read the page once.
        if (authenticated) {
          await expect
            .poll(() => page.locator('body').innerText(), { timeout: 30_000 })
            .toMatch(/Bearer/);
        }
        const body = await page.locator('body').innerText();
        expect(body).not.toMatch(/Developer Tools|Deploy/);
        if (authenticated) expect(body).not.toContain('No authentication selected');
      } finally {
        await context.close();
      }
    },
  );
});

describe('the home page', () => {
  it('claims outbound calls, and inbound ones on rented numbers, and its sample request is one the API accepts', async () => {
    const { context } = await offlineContext();
    try {
      const page = await context.newPage();
      await page.goto(site.server.url + '/');
      const text = await page.locator('body').innerText();
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      const ogDescription = await page
        .locator('meta[property="og:description"]')
        .getAttribute('content');
      // Inbound calls are real since issue 34 (a saved agent answers a rented number), and the
      // page says so where it says what the product does; the short descriptions stay outbound.
      for (const copy of [description ?? '', ogDescription ?? '']) {
        expect(copy).not.toMatch(/\banswer(s|ing)?\b[^.]*\b(calls?|numbers?|phones?)\b/i);
        expect(copy).not.toMatch(/\binbound\b|\bincoming\b/i);
      }
      expect(text).toMatch(/outbound/i);
      expect(text).toMatch(/Rent a number and a saved agent answers its inbound calls/);
      // The curl sample's body is a valid dispatch request, not fields that do not exist.
      const sample = (await page.locator('pre code').first().textContent()) ?? '';
      const body = /-d '([\s\S]+)'/.exec(sample)?.[1];
      expect(body).toBeDefined();
      const parsed = CallDispatchRequest.strict().safeParse(JSON.parse(body!));
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
      // Day-one defect 8: the right tool count, consent that signs people in, and our own host
      // (the one the tool server's URL names, both from the configuration) in the curl sample.
      const { tools } = await listToolsInProcess();
      const words = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight'];
      const count = [...words, 'nine', 'ten', 'eleven', 'twelve', 'thirteen'][tools.length];
      expect(text).toContain(`${count} tools`);
      expect(text).not.toMatch(/paste an API key/i);
      expect(text).toMatch(/consent page that signs you in/);
      const mcpUrl = /(https?:\/\/\S+)\/v1\/mcp/.exec(text)?.[1];
      expect(mcpUrl, text).toBeDefined();
      expect(sample).toContain(`curl -X POST ${mcpUrl}/v1/calls`);
      expect(sample).not.toContain('example.com');
    } finally {
      await context.close();
    }
  });
});
