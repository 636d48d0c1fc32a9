import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, type Database, type Db } from '@/lib/adapters/db';
import { verifyAccessTokenIn } from '@/lib/tool-server/oauth/verify-access-token';
import {
  expectAxeClean,
  expectNoSidewaysScroll,
  launchChromium,
  signedInContext,
  type RunningBrowser,
} from '../support/browser';
import { admin } from '../support/http';
import {
  authorizeCode,
  authorizeUrl,
  pkce,
  redeemRedirect,
  registerClient,
  serveRedirectTarget,
  toolsListWithToken,
} from '../support/oauth-client';
import { signInMember } from '../support/oauth-member';
import {
  createTestOrg,
  startVoiceServer,
  type TestOrg,
  type VoiceServer,
} from '../support/voice-api';

// The consent page as a person uses it: Chromium follows the authorization request, the person
// signs in with their account on the way (the site's sign-in page brings them back), picks the
// organization and the scopes, approves or denies; the browser lands on the client's redirect
// URI (a loopback server here). Then the console's connected-apps page, where an owner revokes.
// No OAUTH_CIMD_ALLOW_INSECURE_LOOPBACK: the production refusal of a metadata document on a
// private address is checked here.
let server: VoiceServer;
let chromium: RunningBrowser;
let org: TestOrg;
let owner: string;
let developer: string;
let database: Database;
let db: Db;
let callback: Awaited<ReturnType<typeof serveRedirectTarget>>;

beforeAll(async () => {
  [server, chromium] = await Promise.all([startVoiceServer(), launchChromium()]);
  org = await createTestOrg(server.url);
  owner = await signInMember(server.url, org.orgId, 'owner@consent.test');
  developer = await signInMember(server.url, org.orgId, 'dev@consent.test', 'developer');
  database = createPostgresDatabase(server.databaseUrl);
  db = await database.ready();
  callback = await serveRedirectTarget('/callback', '<title>Back in the app</title>done');
});
afterAll(async () => {
  await callback?.close();
  await database?.close();
  await Promise.all([chromium?.close(), server?.dispose()]);
});

/** A page in a fresh context: signed in with `cookie`, or signed out. */
async function withPage<T>(
  cookie: string | null,
  run: (page: Page, context: BrowserContext) => Promise<T>,
  viewport?: { width: number; height: number },
) {
  const context = cookie
    ? await signedInContext(chromium, server.url, cookie, viewport)
    : await chromium.newContext();
  const page = await context.newPage();
  try {
    return await run(page, context);
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
  await page.goto(authorizeUrl({ base: server.url, client, challenge }));
  await page.getByRole('heading', { name: `Authorize ${clientName}` }).waitFor();
  return { client, verifier };
}

const landed = async (page: Page) => {
  await page.waitForURL((url) => url.href.startsWith(callback.url));
  return new URL(page.url());
};

/** The newest sign-in code the embedded mailer holds for `email`. */
async function outboxCode(email: string): Promise<string> {
  const { messages } = (await admin(server.url, '/internal/mail')) as {
    messages: { to: string; text: string }[];
  };
  const code = messages
    .filter((m) => m.to.includes(email))
    .map((m) => /code is (\d{6})/.exec(m.text)?.[1])
    .find(Boolean);
  expect(code).toBeDefined();
  return code!;
}

describe('consent page', () => {
  it('a signed-out person signs in on the way, comes back, picks the org and approves', async () => {
    await withPage(null, async (page) => {
      const { client, verifier } = await startFlow(page, 'Claude Desktop');
      expect(await page.locator('#redirect-host').textContent()).toBe(new URL(callback.url).host);
      await expectAxeClean(page, 'oauth-consent-signed-out');
      const consentUrl = page.url();

      await page.getByRole('link', { name: 'Sign in to continue' }).click();
      await page.waitForURL(/\/sign-in\?next=/);
      // The form works once React has hydrated it (its scripts loaded).
      await page.waitForLoadState('networkidle');
      await page.getByLabel('Email').fill('owner@consent.test');
      await page.getByRole('button', { name: 'Email me a code' }).click();
      await page.getByLabel('6-digit code').waitFor();
      await page.getByLabel('6-digit code').fill(await outboxCode('owner@consent.test'));
      await page.getByRole('button', { name: 'Continue' }).click();

      await page.getByRole('heading', { name: 'Authorize Claude Desktop' }).waitFor();
      expect(page.url()).toBe(consentUrl);
      expect(await page.locator('#signed-in-as').textContent()).toContain('owner@consent.test');
      await expectAxeClean(page, 'oauth-consent-member');
      await page.getByLabel('Organization').selectOption(org.orgId);
      await page.getByRole('button', { name: 'Approve' }).click();
      const redirect = await landed(page);
      expect(redirect.searchParams.get('state')).toBe('st-123');
      expect(redirect.searchParams.get('iss')).toBe(`${server.url}/authorization`);
      const tokens = await redeemRedirect(server.url, client, redirect, verifier);
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

  it('fits 375 px; unticking mcp:write grants read only', async () => {
    await withPage(
      developer,
      async (page) => {
        const { client, verifier } = await startFlow(page, 'Read-only agent');
        await expectNoSidewaysScroll(page, 375);
        await page.getByLabel('Organization').selectOption(org.orgId);
        await page.getByRole('checkbox', { name: /mcp:write/ }).uncheck();
        await page.getByRole('button', { name: 'Approve' }).click();
        const redirect = await landed(page);
        const tokens = await redeemRedirect(server.url, client, redirect, verifier);
        expect(tokens.body.scope).toBe('mcp:read');
      },
      { width: 375, height: 800 },
    );
  });

  it('denying, even signed out, sends access_denied back to the client', async () => {
    await withPage(null, async (page) => {
      await startFlow(page, 'Unwanted agent');
      await page.getByRole('button', { name: 'Deny' }).click();
      const redirect = await landed(page);
      expect(redirect.searchParams.get('error')).toBe('access_denied');
      expect(redirect.searchParams.get('state')).toBe('st-123');
      expect(redirect.searchParams.get('code')).toBeNull();
    });
  });

  it('a client metadata document URL resolving to a private address is refused on our page', async () => {
    await withPage(null, async (page) => {
      const url = authorizeUrl({
        base: server.url,
        client: { clientId: 'https://localhost/oauth/client.json', redirectUri: callback.url },
        challenge: pkce().challenge,
      });
      const response = await page.goto(url);
      expect(response?.status()).toBe(400);
      await expect.poll(() => page.getByRole('alert').textContent()).toContain('invalid_client');
      expect(await page.getByRole('alert').textContent()).toMatch(/loopback|private/);
      expect(page.url()).toBe(url);
    });
  });
});

describe('connected apps and settings in the console', () => {
  it('a developer sees the app and what their role cannot do; an owner revokes it', async () => {
    const client = await registerClient(server.url, { client_name: 'Console agent' });
    const { redirect, verifier } = await authorizeCode({
      base: server.url,
      client,
      cookie: developer,
      orgId: org.orgId,
    });
    const tokens = await redeemRedirect(server.url, client, redirect, verifier);
    const path = `${server.url}/console/orgs/${org.orgId}/connected-apps`;

    await withPage(developer, async (page) => {
      await page.goto(path);
      await page.getByRole('heading', { name: 'Connected apps' }).waitFor();
      expect(await page.getByTestId('role-limits').textContent()).toContain('cannot revoke an app');
      expect(await page.getByTestId('connected-apps').textContent()).toContain('Console agent');
      expect(await page.getByRole('button', { name: 'Revoke Console agent' }).count()).toBe(0);
    });

    await withPage(
      owner,
      async (page) => {
        await page.goto(`${server.url}/console/orgs/${org.orgId}/calls`);
        await page.getByRole('link', { name: 'Connected apps' }).click();
        const row = page.getByTestId('connected-app').filter({ hasText: 'Console agent' });
        await row.waitFor();
        expect(await row.textContent()).toContain('dev@consent.test');
        await expectAxeClean(page, 'console-connected-apps');
        await expectNoSidewaysScroll(page, 375);
        expect((await toolsListWithToken(server.url, tokens.body.access_token!)).status).toBe(200);
        page.once('dialog', (dialog) => void dialog.accept());
        await page.getByRole('button', { name: 'Revoke Console agent' }).click();
        await row.waitFor({ state: 'detached' });
        expect((await toolsListWithToken(server.url, tokens.body.access_token!)).status).toBe(401);
      },
      { width: 375, height: 800 },
    );
  });

  it('an owner renames the org in the settings section', async () => {
    await withPage(owner, async (page) => {
      await page.goto(`${server.url}/console/orgs/${org.orgId}/settings`);
      await page.getByRole('heading', { name: 'Settings' }).waitFor();
      await expectAxeClean(page, 'console-settings');
      await page.waitForLoadState('networkidle');
      await page.getByRole('textbox', { name: 'Name' }).fill('Renamed in the browser');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => page.getByRole('status').textContent()).toBe('Saved.');
      await page.reload();
      expect(await page.getByRole('textbox', { name: 'Name' }).inputValue()).toBe(
        'Renamed in the browser',
      );
    });
  });
});
