import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent, deleteAgent } from '@/lib/calls/agents';
import {
  buyNumber,
  importNumber,
  listNumbers,
  releaseNumber,
  renewDueNumbers,
  updateNumber,
} from '@/lib/calls/numbers';
import {
  checkCallRules,
  DEFAULT_HOURS,
  foldDispatchRules,
  type CallRulesDeps,
} from '@/lib/calls/rules';
import { schema, type Db } from '@/lib/adapters/db';
import type { MailMessage } from '@/lib/adapters/mail';
import { TEST_CALL_SETTINGS } from '../../support/call-deps';
import { createOrg } from '@/lib/composition/create-org';
import { depositFunds } from '@/lib/wallet';
import { SandboxCallProvider, TwilioCarrier, type CallProvider } from '@/lib/adapters/telephony';
import { ApiError } from '@/lib/platform/errors/api-error';
import { databaseAdapters, openForSuite } from '../../support/databases';
import { mswServer } from '../../support/msw/msw-server';
import {
  twilioNumberAccount,
  twilioNumberHandlers,
  type TwilioNumberAccount,
} from '../../support/msw/twilio-numbers';

// Phone numbers on a real database: the sandbox's fictional range, the Twilio stand-in's search,
// purchase, import and release, the rent from the wallet, and an agent kept while it answers.

const now = new Date('2026-11-04T17:00:00Z');
const actor = { type: 'system' as const, id: null };
const FEE = 2_000_000;
const BASE = 'https://twilio-numbers.test';

let account: TwilioNumberAccount = twilioNumberAccount();
const server = mswServer(...twilioNumberHandlers(BASE, () => account));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const twilioLine = () =>
  new TwilioCarrier({
    accountSid: `AC${'ab'.repeat(16)}`,
    authToken: 'auth-token-for-tests',
    fromNumber: '+15005550006',
    publicApiUrl: 'https://api.example.com',
    apiBaseUrl: BASE,
  });

const refusal = async (work: Promise<unknown>) => {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
};

describe.each(databaseAdapters)('phone numbers on $name', (adapter) => {
  let db: Db;
  openForSuite(adapter, (opened) => (db = opened));
  const deps = (provider: CallProvider = new SandboxCallProvider()) => ({
    db,
    provider,
    monthlyFeeMicros: FEE,
  });
  /** An organization whose money is a paid deposit (a carrier's numbers need one), or credit. */
  const org = async (creditMicros = 10_000_000, paid = true) => {
    const startingCreditMicros = paid ? 0 : creditMicros;
    const { orgId } = await createOrg(db, { name: 'Numbers', startingCreditMicros }, now);
    if (paid) await depositFunds(db, orgId, creditMicros, actor, now);
    return orgId;
  };
  const ledger = (orgId: string) =>
    db
      .select()
      .from(schema.walletLedger)
      .where(
        and(eq(schema.walletLedger.orgId, orgId), eq(schema.walletLedger.kind, 'number_rent')),
      );
  const balance = async (orgId: string) =>
    (
      await db
        .select({ b: schema.organizations.balanceMicros })
        .from(schema.organizations)
        .where(eq(schema.organizations.id, orgId))
    )[0]!.b;

  it('hands out fictional sandbox numbers, labelled, and charges the first month', async () => {
    const orgId = await org();
    const first = await buyNumber(deps(), { orgId, body: { country: 'US' }, actor }, now);
    const second = await buyNumber(
      deps(),
      { orgId, body: { country: 'us', area_code: '212', contains: '42' }, actor },
      new Date(now.getTime() + 1000),
    );
    expect(first).toMatchObject({
      number: '+14155550110',
      source: 'sandbox',
      sandbox: true,
      monthly_fee: 2,
      inbound_agent_id: null,
      paid_until: '2026-12-04T17:00:00.000Z',
    });
    expect(second.number).toBe('+12125550142');
    // Another organization never gets a number someone holds.
    const other = await org();
    const theirs = await buyNumber(deps(), { orgId: other, body: { country: 'US' }, actor }, now);
    expect(theirs.number).toBe('+14155550111');
    expect(await balance(orgId)).toBe(10_000_000 - 2 * FEE);
    const rows = await ledger(orgId);
    expect(rows.map((r) => r.amountMicros)).toEqual([-FEE, -FEE]);
    const listed = await listNumbers(db, orgId, FEE);
    expect(listed).toMatchObject({ monthly_fee: 2 });
    expect(listed.numbers.map((n) => n.number)).toEqual(['+14155550110', '+12125550142']);
    const audit = await db
      .select({ action: schema.auditLog.action })
      .from(schema.auditLog)
      .where(eq(schema.auditLog.orgId, orgId));
    expect(audit.filter((a) => a.action === 'number.buy')).toHaveLength(2);
    // Outside North America the sandbox has nothing to give.
    const abroad = await refusal(buyNumber(deps(), { orgId, body: { country: 'GB' }, actor }, now));
    expect(abroad.code).toBe('NO_NUMBERS_AVAILABLE');
  });

  it('refuses a number the wallet cannot pay for, and buys nothing', async () => {
    account = twilioNumberAccount({ US: ['+14155550177'] });
    const orgId = await org(1_500_000);
    for (const provider of [new SandboxCallProvider(), twilioLine()]) {
      const error = await refusal(
        buyNumber(deps(provider), { orgId, body: { country: 'US' }, actor }, now),
      );
      expect(error.code).toBe('INSUFFICIENT_BALANCE');
      expect(error.status).toBe(402);
    }
    expect(account.requests).toEqual([]);
    expect((await listNumbers(db, orgId, FEE)).numbers).toEqual([]);
    expect(await ledger(orgId)).toEqual([]);
    expect(await balance(orgId)).toBe(1_500_000);
  });

  it('searches and buys through Twilio, pointing the number at our webhooks', async () => {
    account = twilioNumberAccount({ US: ['+13125550100', '+14155550177', '+14155550199'] });
    const orgId = await org();
    const bought = await buyNumber(
      deps(twilioLine()),
      { orgId, body: { country: 'US', area_code: '415', contains: '99' }, actor },
      now,
    );
    expect(bought).toMatchObject({ number: '+14155550199', source: 'purchased', sandbox: false });
    expect(account.requests[0]).toMatchObject({
      method: 'GET',
      path: expect.stringMatching(/\/AvailablePhoneNumbers\/US\/Local\.json$/),
      params: { AreaCode: '415', Contains: '99', VoiceEnabled: 'true' },
    });
    expect(account.owned).toEqual([
      expect.objectContaining({
        phoneNumber: '+14155550199',
        voiceUrl: 'https://api.example.com/v1/telephony/twilio/inbound',
        statusCallback: 'https://api.example.com/v1/telephony/twilio/status',
      }),
    ]);
    // Nothing left that matches: a clear 404, nothing charged.
    const none = await refusal(
      buyNumber(deps(twilioLine()), { orgId, body: { country: 'US', contains: '99' }, actor }, now),
    );
    expect(none.code).toBe('NO_NUMBERS_AVAILABLE');
    expect(await ledger(orgId)).toHaveLength(1);

    // Released: back to Twilio, gone from the list, no refund.
    await releaseNumber(deps(twilioLine()), { orgId, number: '+14155550199', actor }, now);
    expect(account.owned).toEqual([]);
    expect((await listNumbers(db, orgId, FEE)).numbers).toEqual([]);
    expect(await ledger(orgId)).toHaveLength(1);
    const again = await refusal(
      releaseNumber(deps(twilioLine()), { orgId, number: '+14155550199', actor }, now),
    );
    expect(again.code).toBe('NUMBER_NOT_FOUND');
  });

  it('imports a number of the account once; another organization cannot take it', async () => {
    account = twilioNumberAccount({}, [
      { sid: 'PNimported', phoneNumber: '+16175550123', voiceUrl: null, statusCallback: null },
    ]);
    const orgId = await org();
    const imported = await importNumber(
      deps(twilioLine()),
      { orgId, body: { number: '+1 617 555 0123' }, actor },
      now,
    );
    expect(imported).toMatchObject({ number: '+16175550123', source: 'imported' });
    expect(account.owned[0]!.voiceUrl).toBe('https://api.example.com/v1/telephony/twilio/inbound');
    const other = await org();
    const taken = await refusal(
      importNumber(
        deps(twilioLine()),
        { orgId: other, body: { number: '+16175550123' }, actor },
        now,
      ),
    );
    expect(taken.code).toBe('NUMBER_TAKEN');
    const missing = await refusal(
      importNumber(
        deps(twilioLine()),
        { orgId: other, body: { number: '+16175550124' }, actor },
        now,
      ),
    );
    expect(missing.code).toBe('NUMBER_NOT_FOUND');
    // Released, an imported number stays in the account.
    await releaseNumber(deps(twilioLine()), { orgId, number: '+16175550123', actor }, now);
    expect(account.owned.map((n) => n.sid)).toEqual(['PNimported']);
  });

  it('rents carrier numbers only to a paying organization, and never the service’s own caller ID', async () => {
    account = twilioNumberAccount({ US: ['+14155550177'] }, [
      { sid: 'PNservice', phoneNumber: '+15005550006', voiceUrl: null, statusCallback: null },
      { sid: 'PNspare', phoneNumber: '+16175550125', voiceUrl: null, statusCallback: null },
    ]);
    // Starting credit alone: the carrier is never asked (it would bill the service at once).
    const unpaid = await org(10_000_000, false);
    for (const attempt of [
      buyNumber(deps(twilioLine()), { orgId: unpaid, body: { country: 'US' }, actor }, now),
      importNumber(
        deps(twilioLine()),
        { orgId: unpaid, body: { number: '+16175550125' }, actor },
        now,
      ),
    ]) {
      const error = await refusal(attempt);
      expect([error.code, error.status]).toEqual(['DEPOSIT_REQUIRED', 402]);
    }
    expect(account.requests).toEqual([]);
    // The sandbox's fictional numbers stay open to it.
    const sandbox = await buyNumber(deps(), { orgId: unpaid, body: { country: 'US' }, actor }, now);
    expect(sandbox.sandbox).toBe(true);
    // The caller ID every organization's calls present (and their callbacks reach) is no one's.
    const paying = await org();
    const service = await refusal(
      importNumber(
        deps(twilioLine()),
        { orgId: paying, body: { number: '+1 500 555 0006' }, actor },
        now,
      ),
    );
    expect(service.code).toBe('NUMBER_TAKEN');
    expect(account.owned.find((n) => n.sid === 'PNservice')?.voiceUrl).toBeNull();
    expect(await ledger(paying)).toEqual([]);
  });

  it('assigns an agent, refuses another org’s, and keeps the agent while it answers', async () => {
    const orgId = await org();
    const other = await org();
    const { number } = await buyNumber(deps(), { orgId, body: { country: 'US' }, actor }, now);
    const agentDeps = { db, allowIps: [], urlSigningKey: TEST_CALL_SETTINGS.urlSigningKey };
    const agent = await createAgent(
      agentDeps,
      { orgId, body: { name: 'Front desk', task: 'Answer questions.' }, actor },
      now,
    );
    const theirs = await createAgent(
      agentDeps,
      { orgId: other, body: { name: 'Theirs', task: 'Answer.' }, actor },
      now,
    );
    const foreign = await refusal(
      updateNumber(db, { orgId, number, body: { inbound_agent_id: theirs.agent_id }, actor }, now),
    );
    expect(foreign.code).toBe('AGENT_NOT_FOUND');
    const notOurs = await refusal(
      updateNumber(db, { orgId: other, number, body: { label: 'x' }, actor }, now),
    );
    expect(notOurs.code).toBe('NUMBER_NOT_FOUND');

    const assigned = await updateNumber(
      db,
      { orgId, number, body: { inbound_agent_id: agent.agent_id, label: 'Main line' }, actor },
      now,
    );
    expect(assigned).toMatchObject({ inbound_agent_id: agent.agent_id, label: 'Main line' });
    const inUse = await refusal(deleteAgent(db, { orgId, agentId: agent.agent_id, actor }, now));
    expect(inUse.code).toBe('AGENT_IN_USE');
    expect(inUse.status).toBe(409);
    expect(inUse.message).toContain(number);

    // Unassigned (the label stays), the agent can go.
    const cleared = await updateNumber(
      db,
      { orgId, number, body: { inbound_agent_id: null }, actor },
      now,
    );
    expect(cleared).toMatchObject({ inbound_agent_id: null, label: 'Main line' });
    await expect(
      deleteAgent(db, { orgId, agentId: agent.agent_id, actor }, now),
    ).resolves.toMatchObject({ status: 'success' });
  });

  it('lets a call present the organization’s own numbers on their line, and no other', async () => {
    const orgId = await org();
    const other = await org();
    const { number: mine } = await buyNumber(
      deps(),
      { orgId, body: { country: 'US' }, actor },
      now,
    );
    const { number: theirs } = await buyNumber(
      deps(),
      { orgId: other, body: { country: 'US' }, actor },
      now,
    );
    const rules = (kind: 'sandbox' | 'twilio'): CallRulesDeps => ({
      db,
      rules: { countries: ['US'], denyPrefixes: [], hours: DEFAULT_HOURS },
      provider: { kind, defaultFrom: '+15005550006' },
    });
    const noon = Date.parse('2026-11-04T17:00:00Z');
    const dial = (from: string | null, kind: 'sandbox' | 'twilio' = 'sandbox') => ({
      dispatch: () =>
        foldDispatchRules(rules(kind), { orgId, to: '+12125550123', from, now: noon }),
      dial: () => checkCallRules(rules(kind), { orgId, to: '+12125550123', from, now: noon }),
    });
    for (const from of [null, '+15005550006', mine]) {
      const { dispatch, dial: atDial } = dial(from);
      await expect(dispatch()).resolves.not.toBeNull();
      await expect(atDial()).resolves.toBeUndefined();
    }
    // Another organization's number, a number nobody holds, and a sandbox number on a carrier.
    for (const [from, kind] of [
      [theirs, 'sandbox'],
      ['+14155550999', 'sandbox'],
      [mine, 'twilio'],
    ] as const) {
      const { dispatch, dial: atDial } = dial(from, kind);
      await expect(dispatch()).rejects.toMatchObject({ code: 'FROM_NOT_ALLOWED', field: 'from' });
      await expect(atDial()).rejects.toMatchObject({ code: 'FROM_NOT_ALLOWED', status: 400 });
    }
    // Released, it is no longer the organization's to present (a queued call is refused at its dial).
    await releaseNumber(deps(), { orgId, number: mine, actor }, now);
    await expect(dial(mine).dial()).rejects.toMatchObject({ code: 'FROM_NOT_ALLOWED' });
  });

  it('charges each month once when it is due, and releases a number unpaid for 7 days', async () => {
    const orgId = await org(5_000_000);
    // Bought before every other test's numbers, so only this one is due at these times.
    const bought = new Date('2025-01-10T12:00:00Z');
    const { number } = await buyNumber(deps(), { orgId, body: { country: 'CA' }, actor }, bought);
    const at = (iso: string) => ({ ...deps(), clock: { now: () => Date.parse(iso) } });
    // Not due before the month ends; due at its end, charged once however often the sweep runs.
    expect(await renewDueNumbers(at('2025-02-10T11:59:59Z'))).toBe(0);
    expect(await renewDueNumbers(at('2025-02-10T12:00:00Z'))).toBe(1);
    expect(await renewDueNumbers(at('2025-02-10T12:00:00Z'))).toBe(0);
    expect((await listNumbers(db, orgId, FEE)).numbers[0]).toMatchObject({
      number,
      paid_until: '2025-03-10T12:00:00.000Z',
    });
    expect((await ledger(orgId)).map((r) => r.amountMicros)).toEqual([-FEE, -FEE]);
    expect(await balance(orgId)).toBe(1_000_000);
    // The third month cannot be paid: kept through the grace week, the owner mailed once, then
    // released.
    const ownerId = randomUUID();
    await db.insert(schema.authUsers).values({
      id: ownerId,
      name: 'Owner',
      email: `owner-${ownerId}@example.com`,
      createdAt: now,
      updatedAt: now,
    });
    await db
      .insert(schema.orgMembers)
      .values({ orgId, userId: ownerId, role: 'owner', createdAt: now });
    const sent: MailMessage[] = [];
    const warn = {
      mailer: {
        kind: 'outbox' as const,
        description: 'test',
        send: async (m: MailMessage) => void sent.push(m),
      },
      origin: 'https://site.example',
    };
    const warned = (iso: string) => ({ ...at(iso), warn });
    expect(await renewDueNumbers(warned('2025-03-10T12:00:00Z'))).toBe(0);
    expect(await renewDueNumbers(warned('2025-03-12T08:00:00Z'))).toBe(0);
    expect(await renewDueNumbers(warned('2025-03-17T11:59:00Z'))).toBe(0);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to: `owner-${ownerId}@example.com`,
      subject: `Rent unpaid: ${number} will be released on 2025-03-17`,
      links: [`https://site.example/console/orgs/${orgId}/billing`],
    });
    expect((await listNumbers(db, orgId, FEE)).numbers).toHaveLength(1);
    expect(await renewDueNumbers(at('2025-03-17T12:00:00Z'))).toBe(1);
    expect((await listNumbers(db, orgId, FEE)).numbers).toEqual([]);
    expect(await ledger(orgId)).toHaveLength(2);
    const audit = await db
      .select({ action: schema.auditLog.action })
      .from(schema.auditLog)
      .where(eq(schema.auditLog.orgId, orgId))
      .orderBy(schema.auditLog.at);
    expect(audit.map((a) => a.action).filter((a) => a.startsWith('number.'))).toEqual([
      'number.buy',
      'number.renew',
      'number.rent_unpaid',
      'number.release',
    ]);
  });
});
