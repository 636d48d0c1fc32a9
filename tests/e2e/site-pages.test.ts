import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, VIEWPORTS, withFreshPage } from '../support/browser';
import { openSiteInBrowser, type SiteInBrowser } from '../support/site-server';

// The site's pages in Debian's Chromium against the built server.
let { site, chromium } = {} as SiteInBrowser;
openSiteInBrowser((opened) => ({ site, chromium } = opened));

const url = (path: string) => site.server.url + path;
const BUCKET = 5 * 60_000;

const withPage = <T>(run: (page: Page) => Promise<T>, viewport?: keyof typeof VIEWPORTS) =>
  withFreshPage(chromium, run, viewport);

const counterValue = async (page: Page) =>
  Number((await page.getByTestId('calls-counter').textContent())!.replace(/[^0-9]/g, ''));

describe('home', () => {
  it('shows what the API does, a curl sample, links to both references, and a counter that grows', async () => {
    // Server and browser share one instant, a minute into a 5-minute bucket.
    const start = Math.floor(Date.now() / BUCKET) * BUCKET + 60_000;
    site.clock.set(new Date(start).toISOString());
    await withPage(async (page) => {
      await page.clock.install({ time: start });
      await page.goto(url('/'));
      await expect
        .poll(() => page.getByTestId('calls-counter').getAttribute('data-live'))
        .toBe('true');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
        'AI phone agents that sound human',
      );
      for (const name of ['Calls', 'Batches', 'Speech', 'Tool server'])
        expect(await page.getByRole('heading', { level: 3, name }).count()).toBe(1);
      // The sample names this deployment's API origin (site-honesty checks which), not a stranger's.
      const sample = (await page.locator('pre code').first().textContent()) ?? '';
      expect(sample).toMatch(/^curl -X POST https?:\/\/[^/\s]+\/v1\/calls/);
      expect(sample).not.toContain('api.example.com');
      expect(await page.locator('a[href="/docs"]').count()).toBeGreaterThan(0);
      expect(await page.locator('a[href="/v1/docs"]').count()).toBeGreaterThan(0);

      const stats = (await (await fetch(url('/api/stats/calls'))).json()) as {
        count: number;
        asOf: string;
        previous: { count: number };
      };
      await expect
        .poll(() => page.getByTestId('calls-counter').getAttribute('data-as-of'))
        .toBe(stats.asOf);
      const first = await counterValue(page);
      expect(first).toBeGreaterThanOrEqual(stats.previous.count);
      expect(first).toBeLessThanOrEqual(stats.count);

      await page.clock.runFor(60_000);
      const later = await counterValue(page);
      expect(later).toBeGreaterThan(first);
      expect(later).toBeLessThanOrEqual(stats.count);

      // Into the next bucket: the page fetches the new anchors and keeps counting past the old ones.
      site.clock.set(new Date(start + BUCKET).toISOString());
      await page.clock.fastForward(BUCKET);
      await page.clock.runFor(1_000);
      await expect
        .poll(async () => {
          await page.clock.runFor(250);
          return page.getByTestId('calls-counter').getAttribute('data-as-of');
        })
        .toBe(new Date(Date.parse(stats.asOf) + BUCKET).toISOString());
      await page.clock.runFor(30_000);
      expect(await counterValue(page)).toBeGreaterThan(stats.count);
    });
  });
});

describe('home: the tool server', () => {
  it('tells how to add the tool server to an MCP client, with an API key or OAuth', async () => {
    await withPage(async (page) => {
      await page.goto(url('/'));
      const section = page.locator('section[aria-labelledby="mcp-title"]');
      const mcpUrl = `${site.server.url}/v1/mcp`;
      expect(await section.getByRole('heading', { level: 2 }).textContent()).toBe(
        'Let your AI agent place calls',
      );
      expect(await section.textContent()).toContain(mcpUrl);
      expect(await section.textContent()).toMatch(/With an API key:.*With OAuth:/s);
      const config = JSON.parse((await section.locator('pre code').textContent())!) as {
        mcpServers: { voiceai: { url: string; headers: Record<string, string> } };
      };
      expect(config.mcpServers.voiceai).toEqual({
        type: 'http',
        url: mcpUrl,
        headers: { Authorization: 'Bearer ${VOICE_API_KEY}' },
      });
    });
  });
});

describe('blog', () => {
  it('pages through posts 12 at a time and opens a post', async () => {
    await withPage(async (page) => {
      await page.goto(url('/blog'));
      const cards = page.locator('.post-grid > li');
      expect(await cards.count()).toBe(12);
      expect(await page.getByText('Page 1 of 6').count()).toBe(1);
      const firstTitle = await cards.first().locator('h2').textContent();
      expect(firstTitle).toBe('Callback requests: letting callers choose when');

      await page.getByRole('link', { name: 'Older posts →' }).click();
      await page.waitForURL(/\/blog\?page=2$/);
      expect(await cards.count()).toBe(12);
      expect(await cards.first().locator('h2').textContent()).not.toBe(firstTitle);

      await page.goto(url('/blog?page=6'));
      expect(await cards.count()).toBe(5);
      expect(await page.getByRole('link', { name: 'Older posts →' }).count()).toBe(0);
      expect((await page.goto(url('/blog?page=7')))!.status()).toBe(404);

      await page.goto(url('/blog'));
      await page
        .getByRole('link', { name: 'Portable Text kitchen sink: every block our blog can render' })
        .click();
      await page.waitForURL(/\/blog\/portable-text-kitchen-sink$/);
      expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
        'Portable Text kitchen sink: every block our blog can render',
      );
      expect(await page.getByTestId('author').textContent()).toBe('Maya Okafor');
      expect(await page.locator('time').first().textContent()).toBe('September 30, 2026');
      expect(await page.locator('.prose h2').count()).toBeGreaterThan(0);
      expect(await page.locator('.prose pre code').count()).toBe(4);
      const images = page.locator('.prose figure img');
      expect(await images.count()).toBe(2);
      await images.last().scrollIntoViewIfNeeded();
      await expect
        .poll(() =>
          images.last().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
        )
        .toBe(true);
      // After a client-side navigation Next streams the new metadata: the title lands a moment later.
      await expect
        .poll(() => page.title())
        .toBe('Portable Text kitchen sink: every block our blog can render — Voice AI');
      expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe(
        'Portable Text kitchen sink: every block our blog can render',
      );
      const markdown = page.getByRole('link', { name: 'View as markdown' });
      expect(await markdown.getAttribute('href')).toBe(
        '/api/blog/portable-text-kitchen-sink/markdown',
      );
      const response = await fetch(url('/api/blog/portable-text-kitchen-sink/markdown'));
      expect(response.status).toBe(200);
    });
  });

  it('shows hostile editor text as text everywhere and never runs script from a post', async () => {
    await withPage(async (page) => {
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await page.goto(url('/blog/escaping-edge-cases'));
      await page.waitForLoadState('load');
      const title =
        "Escaping <script>window.__injected = 'title'</script> & *markdown* # Second heading [link](javascript:alert(1))";
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
      expect(await page.title()).toBe(`${title} — Voice AI`);
      expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe(title);
      expect(await page.getByTestId('author').textContent()).toBe(
        'Eve <b>Markup</b> # Not a heading',
      );
      expect(await page.locator('.prose').textContent()).toContain(
        "<script>window.__injected = 'body'</script> is a literal string here",
      );
      expect(await page.locator('.prose a').count()).toBe(0);
      expect(await page.getByText('javascript: URL').count()).toBe(1);
      expect(await page.locator('main script, main img[src="x"], main b').count()).toBe(0);
      expect(
        await page.evaluate(() => (window as { __injected?: unknown }).__injected),
      ).toBeUndefined();
      expect(dialogs).toEqual([]);

      const listed = (await (await fetch(url('/api/blog?limit=100'))).json()) as {
        posts: { slug: { current: string } }[];
      };
      const index = listed.posts.findIndex((p) => p.slug.current === 'escaping-edge-cases');
      await page.goto(url(`/blog?page=${Math.floor(index / 12) + 1}`));
      expect(await page.getByRole('link', { name: title }).count()).toBe(1);
      expect(
        await page.evaluate(() => (window as { __injected?: unknown }).__injected),
      ).toBeUndefined();

      const rss = await (await fetch(url('/blog/rss.xml'))).text();
      const item = await page.evaluate((xml) => {
        const doc = new DOMParser().parseFromString(xml, 'application/xml');
        const items = [...doc.querySelectorAll('item')];
        const hit = items.find((i) =>
          i.querySelector('link')?.textContent?.endsWith('/escaping-edge-cases'),
        );
        return {
          parsed: doc.querySelector('parsererror') === null,
          title: hit?.querySelector('title')?.textContent,
          elementsInTitle: hit?.querySelector('title')?.children.length,
          author: hit?.querySelector('author')?.textContent,
        };
      }, rss);
      expect(item).toEqual({
        parsed: true,
        title,
        elementsInTitle: 0,
        author: 'Eve <b>Markup</b> # Not a heading',
      });
    });
  });

  it('answers an unknown page with a real 404 page', async () => {
    await withPage(async (page) => {
      const response = await page.goto(url('/blog/no-such-post'));
      expect(response!.status()).toBe(404);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
        'We could not find that page',
      );
      expect(await page.getByRole('link', { name: 'Go to the home page' }).count()).toBe(1);
      expect((await page.goto(url('/no/such/page')))!.status()).toBe(404);
    });
  });

  it('serves robots.txt and a sitemap listing the posts', async () => {
    const robots = await (await fetch(url('/robots.txt'))).text();
    expect(robots).toContain(`Sitemap: ${site.server.url}/sitemap.xml`);
    const sitemap = await (await fetch(url('/sitemap.xml'))).text();
    expect(sitemap.match(/<url>/g)).toHaveLength(6 + 65);
    expect(sitemap).toContain(`${site.server.url}/blog/escaping-edge-cases`);
  });
});

describe('accessibility and screenshots', () => {
  const pages = [
    ['home', '/'],
    ['blog', '/blog'],
    ['post', '/blog/latency-budget-for-voice-agents'],
    ['contact', '/contact'],
    ['form', '/forms/demo-request'],
    ['not-found', '/blog/no-such-post'],
  ] as const;

  it.each(pages)(
    '%s has no serious or critical axe violation, at desktop and mobile widths',
    async (name, path) => {
      for (const viewport of ['desktop', 'mobile'] as const) {
        await withPage(async (page) => {
          await page.goto(url(path));
          await page.waitForLoadState('load');
          const { violations } = await new AxeBuilder({ page }).analyze();
          const serious = violations
            .filter((v) => v.impact === 'serious' || v.impact === 'critical')
            .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
          expect(serious).toEqual([]);
          await screenshot(page, name, viewport);
        }, viewport);
      }
    },
  );
});
