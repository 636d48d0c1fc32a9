import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleFetch, firstOrgId, signIn, type AccountsServer } from '../support/accounts-api';
import { paid } from '../support/billing-api';
import { joinOrg, startConsoleServer } from '../support/console-api';
import { expectError } from '../support/leads-api';
import {
  deliver,
  plannedStripeStandin,
  signedEvent,
  startStripeStandin,
  type StripeStandin,
} from '../support/stripe-standin';
import { ROLES as roles, type Role } from '../support/org-team';

// The console's Usage and billing routes, role by role, on a server paid through a Stripe
// stand-in: owners and admins add funds and read the ledger (CSV with the receipt of a top-up);
// developers and viewers are refused both and told so on the page.
let accounts: AccountsServer;
let standin: StripeStandin;
let base: string;
let orgId: string;
const cookies = {} as Record<Role, string>;

beforeAll(async () => {
  const { port, env } = await plannedStripeStandin();
  accounts = await startConsoleServer(env);
  base = accounts.server.url;
  standin = await startStripeStandin({ port, webhookUrls: [] });
  const stamp = Date.now();
  cookies.owner = await signIn(accounts, `billing-owner-${stamp}@example.com`);
  orgId = await firstOrgId(base, cookies.owner);
  for (const role of ['admin', 'developer', 'viewer'] as const)
    cookies[role] = await joinOrg(
      accounts,
      cookies.owner,
      orgId,
      role,
      `billing-${role}-${stamp}@example.com`,
    );
}, 120_000);
afterAll(async () => {
  await standin?.stop();
  await accounts?.dispose();
});

const topUp = (role: Role, body: unknown) =>
  consoleFetch(base, cookies[role], 'POST', `/console/api/orgs/${orgId}/billing/top-ups`, body);
const ledgerCsv = (role: Role) =>
  consoleFetch(base, cookies[role], 'GET', `/console/api/orgs/${orgId}/billing/ledger/export`);
const billingPage = async (role: Role) =>
  (
    await fetch(`${base}/console/orgs/${orgId}/billing`, { headers: { cookie: cookies[role] } })
  ).text();

describe('role × action', () => {
  for (const role of roles) {
    const may = role === 'owner' || role === 'admin';
    it(`${role} ${may ? 'may' : 'may not'} add funds or download the ledger`, async () => {
      const started = await topUp(role, { amount_usd: 5 });
      const csv = await ledgerCsv(role);
      if (!may) {
        await expectError(started, 403, 'FORBIDDEN');
        await expectError(csv, 403, 'FORBIDDEN');
        const page = await billingPage(role);
        expect(page).toContain(`Your role (${role}) cannot add funds, see or download the ledger`);
        expect(page).not.toContain('Add funds</button>');
        expect(page).not.toContain('ledger/export');
        return;
      }
      expect(started.status).toBe(201);
      expect(await started.json()).toMatchObject({ amount_usd: 5, provider: 'stripe' });
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect((await csv.text()).split('\n')[0]).toBe(
        'id,time,kind,amount_usd,balance_after_usd,owed_change_usd,reference,key_id,receipt_url',
      );
      const page = await billingPage(role);
      expect(page).toContain('Add funds</button>');
      expect(page).not.toContain('data-testid="role-limits"');
    });
  }

  it('refuses a signed-out request, another site, an outsider and a bad amount', async () => {
    await expectError(
      await consoleFetch(base, '', 'GET', `/console/api/orgs/${orgId}/billing/ledger/export`),
      401,
      'SIGN_IN_REQUIRED',
    );
    const forged = await fetch(`${base}/console/api/orgs/${orgId}/billing/top-ups`, {
      method: 'POST',
      headers: {
        cookie: cookies.owner,
        origin: 'https://evil.example',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ amount_usd: 5 }),
    });
    await expectError(forged, 403, 'FORBIDDEN');
    const outsider = await signIn(accounts, `billing-outsider-${Date.now()}@example.com`);
    await expectError(
      await consoleFetch(base, outsider, 'GET', `/console/api/orgs/${orgId}/billing/ledger/export`),
      404,
      'NOT_FOUND',
    );
    const tooSmall = await expectError(
      await topUp('owner', { amount_usd: 1 }),
      400,
      'INVALID_BODY',
    );
    expect(tooSmall.envelope.error.field).toBe('amount_usd');
    await expectError(await topUp('owner', { amount_usd: 'lots' }), 400, 'INVALID_BODY');
  });
});

describe('a top-up paid at Stripe', () => {
  it("shows in the ledger with Stripe's receipt, on the page and in the CSV", async () => {
    const started = (await (await topUp('admin', { amount_usd: 7.5 })).json()) as {
      checkout_url: string;
    };
    const sessionId = /\/checkout\/(cs_[^/?]+)/.exec(started.checkout_url)![1]!;
    expect((await deliver(base, paid(sessionId, 'pi_console'))).status).toBe(200);
    const receipt = 'https://pay.stripe.com/receipts/acct_x/ch_console';
    await deliver(
      base,
      signedEvent('charge.succeeded', {
        id: 'ch_console',
        payment_intent: 'pi_console',
        receipt_url: receipt,
      }),
    );
    const page = await billingPage('owner');
    expect(page).toContain(`href="${receipt}"`);
    expect(page).toMatch(/data-testid="balance">\$8\.50</);
    const csv = await (await ledgerCsv('owner')).text();
    expect(csv).toContain(`,deposit,7.500000,`);
    expect(csv).toContain(receipt);
  });
});
