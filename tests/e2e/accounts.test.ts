import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, screenshot, type RunningBrowser } from '../support/browser';
import { readSignInMail, startAccountsServer, type AccountsServer } from '../support/accounts-api';
import { orgOverviewUrl, signUpInBrowser, signUpWithCode } from '../support/console-browser';

// Sign-up, sign-in by link, keys, invitations and agent approval in Chromium, mail through a real
// SMTP server.
let accounts: AccountsServer;
let chromium: RunningBrowser;
let base: string;

beforeAll(async () => {
  [accounts, chromium] = await Promise.all([startAccountsServer(), launchChromium()]);
  base = accounts.server.url;
});
afterAll(async () => {
  await Promise.all([chromium?.close(), accounts?.dispose()]);
});

let n = 0;
const freshEmail = () => `browser${++n}-${Date.now()}@example.com`;

async function axeClean(page: Page, name: string) {
  await page.waitForLoadState('load');
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(serious, name).toEqual([]);
  await screenshot(page, name, 'desktop');
}

/** Signs up in the page by typing the mailed code; leaves the page on the org's Overview. Its id. */
async function signUp(page: Page, email: string, name = 'Grace Hopper'): Promise<string> {
  const orgId = await signUpInBrowser(accounts, page, email, name);
  await page.getByTestId('user-email').waitFor();
  return orgId;
}

/** Opens the create dialog of the org's keys page. */
async function openCreateKey(page: Page, orgId: string) {
  await page.goto(`${base}/console/orgs/${orgId}/keys`);
  await page.getByRole('button', { name: 'Create key' }).click();
  return page.getByRole('dialog', { name: 'Create an API key' });
}

describe('accounts in the browser', () => {
  it('signs up by email (code typed), lands on the console with a personal organization', async () => {
    const context = await chromium.newContext();
    const page = await context.newPage();
    await page.goto(`${base}/sign-up`);
    await axeClean(page, 'sign-up');
    await page.goto(`${base}/sign-in`);
    await axeClean(page, 'sign-in');
    const email = freshEmail();
    const orgId = await signUp(page, email);
    // One organization: /console opened its Overview.
    expect(page.url()).toBe(`${base}/console/orgs/${orgId}`);
    expect(await page.getByTestId('user-email').textContent()).toContain(email);
    // The person's menu still lists the organizations.
    await page.locator('.user-menu summary').click();
    await page.getByRole('link', { name: 'All organizations' }).click();
    await page.waitForURL(`${base}/console?list`);
    expect(await page.getByTestId('signed-in-as').textContent()).toContain(email);
    expect(await page.getByTestId('org-row').count()).toBe(1);
    expect(await page.getByTestId('org-row').textContent()).toContain('owner');
    // The landing page lists organizations; keys, members and the audit log have their pages.
    expect(await page.getByTestId('audit-log').count()).toBe(0);
    await axeClean(page, 'console');
    await context.close();
  });

  it('signs in through the mailed link: the page POSTs only on Continue', async () => {
    const email = freshEmail();
    const first = await chromium.newContext();
    await signUp(await first.newPage(), email);
    await first.close();

    const context = await chromium.newContext();
    const page = await context.newPage();
    await page.goto(`${base}/sign-in`);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await page.getByRole('status').waitFor();
    // Day-one defect 1: the code box used to hold the email address.
    expect(await page.getByLabel('6-digit code').inputValue()).toBe('');
    const { link } = readSignInMail(await accounts.smtp.next(email));
    await page.goto(link);
    await axeClean(page, 'sign-in-verify');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(orgOverviewUrl(base));
    expect(await page.getByTestId('user-email').textContent()).toContain(email);
    await context.close();
  });

  it('invites a member from the members page; the invitee accepts in their browser', async () => {
    const context = await chromium.newContext();
    const page = await context.newPage();
    const inviter = freshEmail();
    const orgId = await signUp(page, inviter, 'Ada Inviter');
    await page.goto(`${base}/console/orgs/${orgId}/members`);
    const invitee = freshEmail();
    await page.getByLabel('Email', { exact: true }).fill(invitee);
    await page.getByLabel('Role', { exact: true }).selectOption('viewer');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(`Invitation sent to ${invitee}.`).waitFor();
    const mail = await accounts.smtp.next(invitee);
    const link = /(https?:\/\/\S+\/invitations\/accept\?token=\S+)/.exec(mail.text)?.[1];
    expect(link).toBeDefined();

    // The invitee signs up in another browser and accepts.
    const other = await chromium.newContext();
    const invited = await other.newPage();
    // Day-one defect 7: the link's page names the org, the inviter and the role, and the sign-up
    // it leads to has the invited address filled in.
    await invited.goto(link!);
    const summary = (await invited.getByTestId('invitation-summary').textContent()) ?? '';
    expect(summary).toContain(
      `Ada Inviter (${inviter}) invites ${invitee} to join Ada Inviter's organization`,
    );
    expect(summary).toMatch(/ as viewer\.$/);
    await invited.getByRole('link', { name: 'create an account' }).click();
    await invited.waitForURL(/\/sign-up\?/);
    await expect.poll(() => invited.getByLabel('Email').inputValue()).toBe(invitee);
    await signUp(invited, invitee, 'Invitee');
    await invited.goto(link!);
    await axeClean(invited, 'invitation-accept');
    await invited.getByRole('button', { name: 'Accept the invitation' }).click();
    await invited.waitForURL(`${base}/console`);
    await invited.getByTestId('org-row').nth(1).waitFor();
    // Both memberships began at the server's (fixed) instant: find the invited one by its role.
    expect(await invited.getByTestId('org-row').filter({ hasText: 'viewer' }).count()).toBe(1);
    await other.close();
    await context.close();
  });

  it('sets a monthly spend cap on a new key, changes it, and shows the month against it', async () => {
    const context = await chromium.newContext();
    const page = await context.newPage();
    const dialog = await openCreateKey(page, await signUp(page, freshEmail()));
    await dialog.getByLabel('Key name').fill('Capped bot');
    await dialog.getByRole('checkbox', { name: 'speech' }).check();
    await dialog.getByLabel('Monthly spend cap (USD, optional)').fill('2.50');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByTestId('new-secret').waitFor();
    const row = page.getByTestId('key-row').filter({ hasText: 'Capped bot' });
    await expect
      .poll(() => row.getByTestId('key-month-spend').textContent())
      .toBe('$0.00 of $2.50');
    await axeClean(page, 'console-key-cap');

    await row.getByLabel('Monthly cap of Capped bot (USD, empty: none)').fill('1');
    await row.getByRole('button', { name: 'Save cap of Capped bot' }).click();
    await expect
      .poll(() => row.getByTestId('key-month-spend').textContent())
      .toBe('$0.00 of $1.00');
    await row.getByLabel('Monthly cap of Capped bot (USD, empty: none)').fill('-3');
    await row.getByRole('button', { name: 'Save cap of Capped bot' }).click();
    // The browser's own check (min 0) keeps it from being sent; the cap stands.
    expect(await row.getByTestId('key-month-spend').textContent()).toBe('$0.00 of $1.00');
    await context.close();
  });

  it('approves an agent on the verification page; the agent gets the key', async () => {
    const started = (await (
      await fetch(`${base}/v1/agent/onboarding/start`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.77' },
        body: JSON.stringify({ client_name: 'Browser Agent' }),
      })
    ).json()) as { device_code: string; user_code: string; verification_uri_complete: string };
    const context = await chromium.newContext();
    const page = await context.newPage();
    const orgId = await signUp(page, freshEmail());
    await page.goto(started.verification_uri_complete);
    expect(await page.getByTestId('device-code').textContent()).toBe(started.user_code);
    await axeClean(page, 'console-device');
    await page.getByLabel('Monthly spend cap of the key (USD, optional)').fill('3');
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByTestId('device-outcome').waitFor();
    const answer = (await (
      await fetch(`${base}/v1/agent/onboarding/poll`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.77' },
        body: JSON.stringify({ device_code: started.device_code }),
      })
    ).json()) as { status: string; api_key: string };
    expect(answer.status).toBe('approved');
    expect(answer.api_key).toMatch(/^vai_sk_/);
    // The agent's key carries the cap given at approval.
    await page.goto(`${base}/console/orgs/${orgId}/keys`);
    const agentRow = page.getByTestId('key-row').filter({ hasText: 'agent key for Browser Agent' });
    await expect
      .poll(() => agentRow.getByTestId('key-month-spend').textContent())
      .toBe('$0.00 of $3.00');
    await context.close();
  });

  it('adds a passkey (virtual authenticator), signs out, signs in with it; deletes it', async () => {
    // WebAuthn refuses IP addresses as relying-party ids: use the localhost name.
    const local = base.replace('127.0.0.1', 'localhost');
    const context = await chromium.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    });
    const email = freshEmail();
    await signUpWithCode(accounts, page, email, { base: local });
    await page.goto(`${local}/console/account`);

    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByText('Passkey added.').waitFor();
    await page.getByTestId('passkey-row').waitFor();
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]?.rpId).toBe('localhost');
    expect(credentials[0]?.isResidentCredential).toBe(true);

    // Sign out is in the person's menu.
    await page.locator('.user-menu summary').click();
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL(`${local}/sign-in`);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL(orgOverviewUrl(local));
    expect(await page.getByTestId('user-email').textContent()).toContain(email);
    await page.goto(`${local}/console/account`);
    await page.getByTestId('session-row').first().waitFor();

    await page.getByRole('button', { name: /Delete passkey/ }).click();
    await page.getByText('Passkey deleted.').waitFor();
    await page.getByTestId('passkey-row').waitFor({ state: 'detached' });
    await context.close();
  });
});
