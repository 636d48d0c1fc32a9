import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import twilio from 'twilio';
import { describe, expect, it } from 'vitest';
import { createAgent } from '@/lib/calls/agents';
import { listCalls } from '@/lib/calls/list-calls';
import { answerInboundWebhook, INBOUND_MESSAGES } from '@/lib/calls/numbers';
import { LiveAdmission } from '@/lib/calls/live-admission';
import { schema, type Db } from '@/lib/adapters/db';
import type { SpeechEngine } from '@/lib/adapters/speech-engine';
import { TwilioCarrier } from '@/lib/adapters/telephony';
import { createOrg } from '@/lib/composition/create-org';
import { ApiError } from '@/lib/platform/errors/api-error';
import { testCallDeps, TEST_CALL_SETTINGS } from '../../support/call-deps';
import { databaseAdapters, openForSuite } from '../../support/databases';

// Twilio's voice webhook for our numbers: only Twilio's signature opens it, a repeated webhook
// never starts a second call, and a caller the organization cannot take hears why, charged nothing.

const TOKEN = 'inbound-auth-token-for-tests';
const PUBLIC = 'https://api.example.com';
const PATH = '/v1/telephony/twilio/inbound';
const actor = { type: 'system' as const, id: null };
const carrier = new TwilioCarrier({
  accountSid: `AC${'cd'.repeat(16)}`,
  authToken: TOKEN,
  fromNumber: '+15005550006',
  publicApiUrl: PUBLIC,
  apiBaseUrl: 'https://twilio-inbound.test',
});
const signed = (form: Record<string, string>, token = TOKEN) =>
  twilio.getExpectedTwilioSignature(token, `${PUBLIC}${PATH}`, form);

let numbers = 0;

describe.each(databaseAdapters)('the inbound voice webhook on $name', (adapter) => {
  let db: Db;
  openForSuite(adapter, (opened) => (db = opened));
  const deps = () => ({
    ...testCallDeps(db, {} as SpeechEngine),
    provider: carrier,
  });
  const ring = (form: Record<string, string>, signature = signed(form)) =>
    answerInboundWebhook(deps(), { signature, pathAndQuery: PATH, form });

  /** An organization holding an imported number, answered by an agent unless `agent` is false. */
  async function line(options: { creditMicros?: number; agent?: boolean } = {}) {
    const now = new Date(deps().clock.now());
    const { orgId } = await createOrg(
      db,
      { name: 'Inbound', startingCreditMicros: options.creditMicros ?? 10_000_000 },
      now,
    );
    const agent =
      options.agent === false
        ? null
        : await createAgent(
            { db, allowIps: [], urlSigningKey: TEST_CALL_SETTINGS.urlSigningKey },
            { orgId, body: { name: 'Desk', task: 'Answer.', max_duration: 3 }, actor },
            now,
          );
    const number = `+161755501${10 + (++numbers % 90)}`;
    await db.insert(schema.phoneNumbers).values({
      id: randomUUID(),
      orgId,
      number,
      source: 'imported',
      carrierSid: `PN${numbers}`,
      inboundAgentId: agent?.agent_id ?? null,
      monthlyFeeMicros: 0,
      paidUntil: now,
      createdAt: now,
      updatedAt: now,
    });
    return { orgId, number };
  }
  const callsOf = (orgId: string) =>
    db.select().from(schema.calls).where(eq(schema.calls.orgId, orgId));
  const said = (text: string) =>
    `<?xml version="1.0" encoding="UTF-8"?><Response><Say>${text}</Say><Hangup/></Response>`;

  it('refuses a forged or foreign signature, starting nothing', async () => {
    const { orgId, number } = await line();
    const form = { CallSid: 'CAforged', From: '+14155550123', To: number };
    for (const signature of ['', 'bm90IGEgc2lnbmF0dXJl', signed(form, 'another-accounts-token')]) {
      const refused = await ring(form, signature).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(ApiError);
      expect(refused).toMatchObject({ code: 'CARRIER_SIGNATURE_INVALID', status: 403 });
    }
    // Signed for other parameters: a changed caller is not the request Twilio signed.
    const tampered = await ring({ ...form, From: '+19995550100' }, signed(form)).catch(
      (e: unknown) => e,
    );
    expect(tampered).toMatchObject({ code: 'CARRIER_SIGNATURE_INVALID' });
    expect(await callsOf(orgId)).toEqual([]);
  });

  it('connects a signed call to the stream once, however often Twilio asks', async () => {
    const { orgId, number } = await line();
    const form = { CallSid: 'CAonce', From: '+14155550123', To: number };
    const first = await ring(form);
    const again = await ring(form);
    const callId = /name="callId" value="([^"]+)"/.exec(first)?.[1];
    expect(first).toContain(
      '<Connect><Stream url="wss://api.example.com/v1/telephony/twilio/media">',
    );
    expect(again).toContain(`value="${callId}"`);
    // A fresh single-use token each time.
    const token = (twiml: string) => /name="token" value="([^"]+)"/.exec(twiml)?.[1];
    expect(token(again)).not.toBe(token(first));
    const rows = await callsOf(orgId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: callId,
      direction: 'inbound',
      fromNumber: '+14155550123',
      toNumber: number,
      queueStatus: 'started',
    });
    // The calls list tells inbound from outbound.
    const inbound = await listCalls(db, orgId, { limit: 10, direction: 'inbound' });
    expect(inbound.rows.map((r) => r.id)).toEqual([callId]);
    expect((await listCalls(db, orgId, { limit: 10, direction: 'outbound' })).rows).toEqual([]);
  });

  it('says why and hangs up, charging nothing, when no agent, no funds or no free line', async () => {
    const noAgent = await line({ agent: false });
    expect(await ring({ CallSid: 'CAnoagent', From: '+14155550123', To: noAgent.number })).toBe(
      said(INBOUND_MESSAGES.noAgent),
    );
    const broke = await line({ creditMicros: 0 });
    expect(await ring({ CallSid: 'CAbroke', From: '+14155550123', To: broke.number })).toBe(
      said(INBOUND_MESSAGES.unavailable),
    );
    const full = await line();
    await db
      .update(schema.organizations)
      .set({ limitConcurrentCalls: 1 })
      .where(eq(schema.organizations.id, full.orgId));
    await ring({ CallSid: 'CAfirst', From: '+14155550123', To: full.number });
    expect(await ring({ CallSid: 'CAsecond', From: '+14155550124', To: full.number })).toBe(
      said(INBOUND_MESSAGES.busy),
    );
    expect(await ring({ CallSid: 'CAnobody', From: '+14155550123', To: '+16175550199' })).toBe(
      said(INBOUND_MESSAGES.notInService),
    );

    expect(await callsOf(noAgent.orgId)).toEqual([]);
    expect(await callsOf(broke.orgId)).toEqual([]);
    expect((await callsOf(full.orgId)).map((c) => c.carrierCallSid)).toEqual(['CAfirst']);
    const [wallet] = await db
      .select({
        balance: schema.organizations.balanceMicros,
        held: schema.organizations.heldMicros,
      })
      .from(schema.organizations)
      .where(eq(schema.organizations.id, broke.orgId));
    expect(wallet).toEqual({ balance: 0, held: 0 });
  });

  it('says the lines are busy when this instance carries its capacity of live calls, starting nothing', async () => {
    const open = await line();
    const admission = new LiveAdmission(
      deps().clock,
      () => ({ utilization: 0, lagP99Ms: 0 }),
      { capacity: 1 },
      () => {},
    );
    admission.opened('a-call-streaming-here');
    const answer = await answerInboundWebhook(
      { ...deps(), admission },
      {
        signature: signed({ CallSid: 'CAfull', From: '+14155550123', To: open.number }),
        pathAndQuery: PATH,
        form: { CallSid: 'CAfull', From: '+14155550123', To: open.number },
      },
    );
    expect(answer).toBe(said(INBOUND_MESSAGES.busy));
    expect(await callsOf(open.orgId)).toEqual([]);
    // Once that call ends here, the next caller is answered.
    admission.closed('a-call-streaming-here');
    const form = { CallSid: 'CAroom', From: '+14155550123', To: open.number };
    const connected = await answerInboundWebhook(
      { ...deps(), admission },
      { signature: signed(form), pathAndQuery: PATH, form },
    );
    expect(connected).toContain('<Stream');
    expect((await callsOf(open.orgId)).map((c) => c.carrierCallSid)).toEqual(['CAroom']);
  });
});
