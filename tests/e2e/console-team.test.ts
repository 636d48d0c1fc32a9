import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { invitationToken, signIn } from '../support/accounts-api';
import { expectAxeClean, expectNoSidewaysScroll, signedInContext } from '../support/browser';
import {
  browserConsoleForSuite,
  narrowPage,
  postFrom,
  type BrowserConsole,
} from '../support/console-browser';
import { freshEmail } from '../support/org-team';

// The console as a team runs on it, in Chromium: its shell (sections marked, the org switcher,
// the person's menu), the members page (invite, change a role, remove, resend and revoke an
// invitation, the last owner kept) and the keys page (create in a dialog, copy, cancel a
// rotation, rotate with a grace, revoke with a confirmation).
let { accounts, chromium, base, owner, page, orgId } = {} as BrowserConsole;
const ownerEmail = freshEmail('team-owner');

browserConsoleForSuite(ownerEmail, 'Olive Owner', (started) => {
  ({ accounts, chromium, base, owner, page, orgId } = started);
});

/** The sections marked as the current page in the console's navigation. */
const currentSections = (on: Page) =>
  on
    .getByRole('navigation', { name: 'Console' })
    .locator('a[aria-current="page"]')
    .allTextContents();

const withKey = (key: string) =>
  fetch(`${base}/v1/calls`, { headers: { authorization: `Bearer ${key}` } }).then((r) => r.status);

describe('the members page', () => {
  it('invites, accepts, changes a role, removes; resends and revokes an invitation; keeps an owner', async () => {
    await page.goto(`${base}/console/orgs/${orgId}/members`);
    expect(await currentSections(page)).toEqual(['Members']);
    expect(await page.getByTestId('member-rules').textContent()).toContain(
      'An organization always keeps an owner',
    );
    const developer = freshEmail('team-dev');
    const viewer = freshEmail('team-viewer');
    for (const [email, role] of [
      [developer, 'developer'],
      [viewer, 'viewer'],
    ] as const) {
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Role', { exact: true }).selectOption(role);
      await page.getByRole('button', { name: 'Send invitation' }).click();
      await page.locator(`[data-testid="invitation-row"][data-email="${email}"]`).waitFor();
    }
    const developerToken = await invitationToken(accounts, developer);
    const firstViewerToken = await invitationToken(accounts, viewer);

    // Resend mails a fresh link and closes the old one; revoking closes the fresh one too.
    const viewerRow = page.locator(`[data-testid="invitation-row"][data-email="${viewer}"]`);
    await viewerRow.getByRole('button', { name: `Resend the invitation of ${viewer}` }).click();
    const secondViewerToken = await invitationToken(accounts, viewer);
    expect(secondViewerToken).not.toBe(firstViewerToken);
    await viewerRow.getByRole('button', { name: `Revoke the invitation of ${viewer}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    expect(await viewerRow.count()).toBe(1);
    await viewerRow.getByRole('button', { name: `Revoke the invitation of ${viewer}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke invitation' }).click();
    await viewerRow.waitFor({ state: 'detached' });
    const viewerContext = await signedInContext(chromium, base, await signIn(accounts, viewer));
    for (const token of [firstViewerToken, secondViewerToken]) {
      const refused = await postFrom(viewerContext, base, '/console/api/invitations/accept', {
        token,
      });
      expect(refused.status()).toBe(400);
    }
    await viewerContext.close();

    // The developer accepts; the owner sees them, lowers their role, then removes them.
    const devContext = await signedInContext(chromium, base, await signIn(accounts, developer));
    const accepted = await postFrom(devContext, base, '/console/api/invitations/accept', {
      token: developerToken,
    });
    expect(accepted.status()).toBe(200);
    // The developer's own organization invites the owner: the owner then belongs to two.
    const devOrgId = (await (await devContext.request.get(`${base}/console/api/orgs`)).json()) as {
      orgs: { org_id: string; role: string }[];
    };
    const devOwn = devOrgId.orgs.find((o) => o.role === 'owner')!.org_id;
    const invited = await postFrom(devContext, base, `/console/api/orgs/${devOwn}/invitations`, {
      email: ownerEmail,
      role: 'admin',
    });
    expect(invited.status()).toBe(201);
    const ownerToken = await invitationToken(accounts, ownerEmail);
    expect(
      (
        await postFrom(owner, base, '/console/api/invitations/accept', { token: ownerToken })
      ).status(),
    ).toBe(200);

    await page.reload();
    const devRow = page.locator(`[data-testid="member-row"][data-email="${developer}"]`);
    expect(await devRow.getByTestId('member-role').textContent()).toBe('developer');
    await expectAxeClean(page, 'console-members');
    await devRow.getByLabel(`Role of ${developer}`).selectOption('viewer');
    await devRow.getByRole('button', { name: `Change role of ${developer}` }).click();
    await expect.poll(() => devRow.getByTestId('member-role').textContent()).toBe('viewer');
    await devRow.getByRole('button', { name: `Remove ${developer}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await devRow.waitFor({ state: 'detached' });
    expect((await devContext.request.get(`${base}/console/api/orgs/${orgId}/keys`)).status()).toBe(
      404,
    );
    await devContext.close();

    // The last owner cannot leave: the dialog says why and the membership stays.
    const me = page.locator(`[data-testid="member-row"][data-email="${ownerEmail}"]`);
    await me.getByRole('button', { name: 'Leave' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Leave' }).click();
    await page
      .getByRole('dialog')
      .getByRole('alert')
      .filter({ hasText: 'keeps an owner' })
      .waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    // The switcher lists both organizations with the role in each and opens the other.
    await page.getByTestId('current-org').click();
    const switcher = page.getByRole('list', { name: 'Your organizations' });
    expect(await switcher.getByRole('link').allTextContents()).toEqual(
      expect.arrayContaining([
        expect.stringContaining('(owner)'),
        expect.stringContaining('(admin)'),
      ]),
    );
    await switcher.getByRole('link', { name: /\(admin\)/ }).click();
    await page.waitForURL(`${base}/console/orgs/${devOwn}`);
    expect(await page.getByTestId('console-role').textContent()).toBe('admin');
    expect(await currentSections(page)).toEqual(['Overview']);
  });
});

describe('the keys page', () => {
  it('creates a key in a dialog, copies it, cancels a rotation, rotates with a grace, revokes', async () => {
    await owner.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    await page.goto(`${base}/console/orgs/${orgId}/keys`);
    expect(await currentSections(page)).toEqual(['API keys']);
    await page.getByRole('button', { name: 'Create key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create an API key' });
    // Ticked by default: what agent approval ticks (within the owner's scopes), not the rest.
    expect(await dialog.getByRole('checkbox', { name: 'calls:read' }).isChecked()).toBe(true);
    expect(await dialog.getByRole('checkbox', { name: 'speech' }).isChecked()).toBe(true);
    expect(await dialog.getByRole('checkbox', { name: 'audit:read' }).isChecked()).toBe(false);
    await dialog.getByLabel('Key name').fill('CI deploys');
    for (const box of await dialog.getByRole('checkbox').all()) await box.uncheck();
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    expect(await dialog.getByRole('alert').textContent()).toBe('Choose at least one scope.');
    await dialog.getByRole('checkbox', { name: 'calls:read' }).check();
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    const secret = page.getByTestId('new-secret').locator('code');
    await secret.waitFor();
    const first = (await secret.textContent()) ?? '';
    expect(first).toMatch(/^vai_sk_/);
    await page.getByRole('button', { name: 'Copy the key' }).click();
    await page.getByText('Copied.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);
    expect(await withKey(first)).toBe(200);
    const row = page.getByTestId('key-row').filter({ hasText: 'CI deploys' });
    expect(await row.getByTestId('key-last-used').textContent()).toMatch(
      /^(never|\d{4}-\d\d-\d\d \d\d:\d\d UTC)$/,
    );

    // Cancel on the rotation dialog changes nothing: the same secret works, no grace shown.
    await row.getByRole('button', { name: 'Rotate CI deploys' }).click();
    await page
      .getByRole('dialog', { name: 'Rotate CI deploys?' })
      .getByRole('button', { name: 'Cancel' })
      .click();
    expect(await withKey(first)).toBe(200);
    expect(await row.getByTestId('key-grace').count()).toBe(0);
    expect(await secret.textContent()).toBe(first);

    // Rotating with a 24 h grace: a new secret; the old one keeps working until then.
    await row.getByRole('button', { name: 'Rotate CI deploys' }).click();
    const rotate = page.getByRole('dialog', { name: 'Rotate CI deploys?' });
    expect(await rotate.getByLabel('Hours the old secret keeps working (0–72)').inputValue()).toBe(
      '24',
    );
    await rotate.getByRole('button', { name: 'Rotate key' }).click();
    await expect.poll(() => secret.textContent()).not.toBe(first);
    const rotated = (await secret.textContent()) ?? '';
    expect(await withKey(rotated)).toBe(200);
    expect(await withKey(first)).toBe(200);
    await row.getByTestId('key-grace').waitFor();
    expect(await row.getByTestId('key-grace').textContent()).toMatch(/\d\d:\d\d UTC$/);
    await expectAxeClean(page, 'console-keys');

    // Revoking asks first; confirmed, the key stops working.
    await row.getByRole('button', { name: 'Revoke CI deploys' }).click();
    await page
      .getByRole('dialog', { name: 'Revoke CI deploys?' })
      .getByRole('button', { name: 'Revoke key' })
      .click();
    await row.waitFor({ state: 'detached' });
    expect(await withKey(rotated)).toBe(401);
  });
});

describe('the shell', () => {
  it('skips to the content, shows Console in the site header, fits 375 px on the new pages', async () => {
    await page.goto(`${base}/console/account`);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    await page.getByTestId('session-row').first().waitFor();
    await expectAxeClean(page, 'console-account');
    await page.goto(`${base}/`);
    await page.getByTestId('header-account').filter({ hasText: 'Console' }).waitFor();

    const small = await narrowPage(chromium, owner);
    for (const path of [
      `/console/orgs/${orgId}/members`,
      `/console/orgs/${orgId}/keys`,
      '/console?list',
      '/console/account',
    ]) {
      await small.goto(base + path);
      await expectNoSidewaysScroll(small, 375);
    }
    // Day-one defect 3: /console went dark with the other console pages' scheme.
    await small.emulateMedia({ colorScheme: 'dark' });
    await small.goto(`${base}/console?list`);
    await expectNoSidewaysScroll(small, 375);
    const background = await small.evaluate(
      () => getComputedStyle(document.querySelector('.console')!).backgroundColor,
    );
    expect(background).toBe('rgb(17, 24, 39)');
    await small.context().close();

    // Signing out everywhere ends this session too: the console sends the owner to sign in.
    await page.goto(`${base}/console/account`);
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.waitForURL(`${base}/sign-in`);
    await page.goto(`${base}/console/account`);
    await page.waitForURL(/\/sign-in/);
  });
});
