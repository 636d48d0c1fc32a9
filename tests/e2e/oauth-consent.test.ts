import AxeBuilder from '@axe-core/playwright';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, type Database, type Db } from '@/lib/db';
import { verifyAccessTokenIn } from '@/lib/oauth/verify-access-token';
import { launchChromium, screenshot, type RunningBrowser } from '../support/browser';
import { authorizeUrl, exchangeCode, pkce, registerClient } from '../support/oauth-client';
import {
  createTestOrg,
  startVoiceServer,
  type TestOrg,
  type VoiceServer,
} from '../support/voice-api';

// The consent page as a person uses it: Chromium follows the authorization request, the person
// pastes an API key, chooses the scopes and approves or denies; the browser lands on the
// client's redirect URI (a loopback server here). No OAUTH_CIMD_ALLOW_INSECURE_LOOPBACK: the
// production refusal of a metadata document on a private address is checked here.
let server: VoiceServer;
let chromium: RunningBrowser;
let org: TestOrg;
let database: Database;
let db: Db;
let callback: { server: Server; url: string };

beforeAll(async () => {
  [server, chromium] = await Promise.all([startVoiceServer(), launchChromium()]);
  org = await createTestOrg(server.url);
  database = createPostgresDatabase(server.databaseUrl);
  db = await database.ready();
  const http = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' }).end('<title>Back in the app</title>done');
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  callback = {
    server: http,
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/callback`,
  };
});
afterAll(async () => {
  callback?.server.close();
  await database?.close();
  await Promise.all([chromium?.close(), server?.dispose()]);
});

async function withPage<T>(run: (page: Page) => Promise<T>) {
  const context = await chromium.newContext();
  const page = await context.newPage();
  try {
    return await run(page);
  } finally {
    await context.close();
  }
}

async function startFlow(page: Page, clientName: string) {
  const client = await registerClient(server.url, {
    client_name: clientName,
    redirect_uris: [callback.url],
  });
  const { verifier, challenge } = pkce();
  await page.goto(authorizeUrl({ base: server.url, client, challenge, apiKey: org.apiKey }));
  await page.getByRole('heading', { name: `Authorize ${clientName}` }).waitFor();
  return { client, verifier };
}

const landed = async (page: Page) => {
  await page.waitForURL((url) => url.href.startsWith(callback.url));
  return new URL(page.url());
};

describe('consent page', () => {
  it('a person signs in with an API key and approves; the client gets a working code', async () => {
    await withPage(async (page) => {
      const { client, verifier } = await startFlow(page, 'Claude Desktop');
      expect(await page.locator('#redirect-host').textContent()).toBe(new URL(callback.url).host);
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual(
        [],
      );
      await screenshot(page, 'oauth-consent', 'desktop');

      await page.getByLabel('API key of your organization').fill('vai_sk_not-a-key');
      await page.getByRole('button', { name: 'Approve' }).click();
      await expect.poll(() => page.getByRole('alert').textContent()).toContain('not valid');

      await page.getByLabel('API key of your organization').fill(org.apiKey);
      await page.getByRole('button', { name: 'Approve' }).click();
      const redirect = await landed(page);
      expect(redirect.searchParams.get('state')).toBe('st-123');
      expect(redirect.searchParams.get('iss')).toBe(`${server.url}/authorization`);
      const tokens = await exchangeCode(
        server.url,
        client,
        redirect.searchParams.get('code')!,
        verifier,
      );
      expect(tokens.body.scope).toBe('mcp:read mcp:write');
      const grant = await verifyAccessTokenIn(
        db,
        tokens.body.access_token!,
        `${server.url}/v1/mcp`,
        new Date(),
      );
      expect(grant).toMatchObject({ orgId: org.orgId, scopes: ['mcp:read', 'mcp:write'] });
    });
  });

  it('unticking mcp:write grants read only', async () => {
    await withPage(async (page) => {
      const { client, verifier } = await startFlow(page, 'Read-only agent');
      await page.getByRole('checkbox', { name: /mcp:write/ }).uncheck();
      await page.getByLabel('API key of your organization').fill(org.apiKey);
      await page.getByRole('button', { name: 'Approve' }).click();
      const redirect = await landed(page);
      const tokens = await exchangeCode(
        server.url,
        client,
        redirect.searchParams.get('code')!,
        verifier,
      );
      expect(tokens.body.scope).toBe('mcp:read');
    });
  });

  it('denying sends access_denied back to the client', async () => {
    await withPage(async (page) => {
      await startFlow(page, 'Unwanted agent');
      await page.getByRole('button', { name: 'Deny' }).click();
      const redirect = await landed(page);
      expect(redirect.searchParams.get('error')).toBe('access_denied');
      expect(redirect.searchParams.get('state')).toBe('st-123');
      expect(redirect.searchParams.get('code')).toBeNull();
    });
  });

  it('a client metadata document URL resolving to a private address is refused on our page', async () => {
    await withPage(async (page) => {
      const url = authorizeUrl({
        base: server.url,
        client: { clientId: 'https://localhost/oauth/client.json', redirectUri: callback.url },
        challenge: pkce().challenge,
        apiKey: org.apiKey,
      });
      const response = await page.goto(url);
      expect(response?.status()).toBe(400);
      await expect.poll(() => page.getByRole('alert').textContent()).toContain('invalid_client');
      expect(await page.getByRole('alert').textContent()).toMatch(/loopback|private/);
      expect(page.url()).toBe(url);
    });
  });
});
