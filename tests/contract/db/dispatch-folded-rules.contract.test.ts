import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dispatchCall } from '@/lib/calls/dispatch-call';
import {
  changeDncList,
  DEFAULT_HOURS,
  saveCallingRules,
  type RuleSettings,
} from '@/lib/calls/rules';
import { schema, type Db } from '@/lib/adapters/db';
import type { SpeechEngine } from '@/lib/adapters/speech-engine';
import { SandboxCallProvider, type CallProvider } from '@/lib/adapters/telephony';
import { applyLedgerEntry } from '@/lib/wallet';
import { newCallOrg, testCallDeps, type TestCallDeps } from '../../support/call-deps';
import { databaseAdapters, openForSuite } from '../../support/databases';

// POST /v1/calls folds the calling rules' database part into the statement that holds the wallet
// and inserts the call, when authentication's wallet is at hand (lib/calls/rules
// fold-into-dispatch.ts). Without that wallet the rules are read first, in a statement of their
// own. Both ways must answer every situation alike — the same refusal, the same deferral, the
// same call — and a refused call must hold nothing.

const ORIGIN = 'https://api.test';
const PRICE = 90_000;
// Noon in New York on a Wednesday: inside the default window for New York numbers.
const NOON = Date.parse('2026-11-04T17:00:00Z');
// 03:00 in New York: outside the deployment's window.
const NIGHT = Date.parse('2026-11-04T08:00:00Z');
const NUMBER = '+17182345678';
const settings: RuleSettings = { countries: ['US', 'CA'], denyPrefixes: [], hours: DEFAULT_HOURS };
const system = { type: 'system' as const, id: null };
// Dispatch never speaks.
const noSpeech = {} as SpeechEngine;

type Outcome =
  | { refused: string; message: string; nextAllowedAt: string | null }
  | { scheduledFor: string | null; maxDuration: number; heldMicros: number | null };

describe.each(databaseAdapters)('a dispatch, rules folded or not, on $name', (adapter) => {
  let db: Db;
  openForSuite(adapter, (opened) => (db = opened));

  const depsFor = (kind: 'sandbox' | 'twilio', at: number): TestCallDeps => {
    const deps = testCallDeps(db, noSpeech);
    deps.clock.set(at);
    const sandbox = new SandboxCallProvider();
    const provider: CallProvider =
      kind === 'sandbox' ? sandbox : Object.assign(Object.create(sandbox), { kind: 'twilio' });
    return { ...deps, provider, rules: settings };
  };

  const held = async (orgId: string) => {
    const [org] = await db
      .select({ held: schema.organizations.heldMicros })
      .from(schema.organizations)
      .where(eq(schema.organizations.id, orgId));
    return org!.held;
  };

  /** One dispatch; `folded` hands it authentication's wallet, as the route does. */
  async function outcome(
    deps: TestCallDeps,
    orgId: string,
    body: Record<string, unknown>,
    folded: boolean,
  ): Promise<Outcome> {
    const before = await held(orgId);
    const [org] = await db
      .select()
      .from(schema.organizations)
      .where(eq(schema.organizations.id, orgId));
    const wallet = { balanceMicros: org!.balanceMicros, owedMicros: org!.owedMicros };
    try {
      const { body: answer } = await dispatchCall(deps, {
        orgId,
        body: { task: 'Say hello.', max_duration: 2, ...body },
        idempotencyKey: null,
        origin: ORIGIN,
        ...(folded ? { wallet } : {}),
      });
      const [call] = await db
        .select()
        .from(schema.calls)
        .where(eq(schema.calls.id, answer.call_id));
      return {
        scheduledFor: call!.scheduledFor?.toISOString() ?? null,
        maxDuration: call!.maxDuration,
        heldMicros: call!.heldMicros,
      };
    } catch (error) {
      const { code, message, nextAllowedAt } = error as {
        code: string;
        message: string;
        nextAllowedAt?: string | null;
      };
      // Refused: nothing held.
      expect(await held(orgId)).toBe(before);
      return { refused: code, message, nextAllowedAt: nextAllowedAt ?? null };
    }
  }

  /** The same outcome both ways; returns it. */
  async function alike(
    deps: TestCallDeps,
    orgId: string,
    body: Record<string, unknown>,
  ): Promise<Outcome> {
    const plain = await outcome(deps, orgId, body, false);
    expect(await outcome(deps, orgId, body, true)).toEqual(plain);
    return plain;
  }

  const newOrg = (deps: TestCallDeps, creditMicros = 10_000_000) =>
    newCallOrg(deps, 'Folded', creditMicros);

  it('queues an allowed call and holds it, both ways', async () => {
    const deps = depsFor('sandbox', NOON);
    const orgId = await newOrg(deps);
    expect(await alike(deps, orgId, { phone_number: NUMBER })).toEqual({
      scheduledFor: null,
      maxDuration: 2,
      heldMicros: 2 * PRICE,
    });
    expect(await held(orgId)).toBe(4 * PRICE);
  });

  it("refuses numbers on the organization's or the operators' list, holding nothing", async () => {
    const deps = depsFor('sandbox', NOON);
    const orgId = await newOrg(deps);
    const ours = '+17182345601';
    const operators = '+17182345602';
    await changeDncList(db, { kind: 'add', orgId, numbers: [ours], source: 'api' }, system, now());
    await changeDncList(
      db,
      { kind: 'add', orgId: null, numbers: [operators], source: 'operator' },
      { type: 'admin', id: null },
      now(),
    );
    for (const phone_number of [ours, operators]) {
      expect(await alike(deps, orgId, { phone_number })).toMatchObject({
        refused: 'NUMBER_ON_DNC_LIST',
      });
    }
    expect(await held(orgId)).toBe(0);
  });

  it('refuses a country the organization left out, and the order of refusals holds', async () => {
    const deps = depsFor('sandbox', NOON);
    const orgId = await newOrg(deps);
    await saveCallingRules(db, settings, { orgId, countries: ['CA'] }, system, now());
    expect(await alike(deps, orgId, { phone_number: NUMBER })).toMatchObject({
      refused: 'COUNTRY_NOT_ALLOWED',
    });
    // Listed too: the country is named first, as a person would fix it.
    await changeDncList(
      db,
      { kind: 'add', orgId, numbers: [NUMBER], source: 'api' },
      system,
      now(),
    );
    expect(await alike(deps, orgId, { phone_number: NUMBER })).toMatchObject({
      refused: 'COUNTRY_NOT_ALLOWED',
    });
    // A number the rules refuse by itself never reaches the database's rules.
    expect(await alike(deps, orgId, { phone_number: '+19005550100' })).toMatchObject({
      refused: 'DESTINATION_NOT_ALLOWED',
    });
  });

  it('with a carrier, asks a deposit for real numbers, not for test numbers', async () => {
    const deps = depsFor('twilio', NOON);
    const orgId = await newOrg(deps);
    expect(await alike(deps, orgId, { phone_number: NUMBER })).toMatchObject({
      refused: 'DEPOSIT_REQUIRED',
    });
    expect(await alike(deps, orgId, { phone_number: '+17185550199' })).toMatchObject({
      scheduledFor: null,
    });
    await applyLedgerEntry(db, { orgId, kind: 'deposit', amountMicros: 5_000_000, now: now() });
    expect(await alike(deps, orgId, { phone_number: NUMBER })).toMatchObject({
      scheduledFor: null,
    });
  });

  it("follows the organization's own hours: refused, deferred, or inside", async () => {
    const deps = depsFor('sandbox', NOON);
    const orgId = await newOrg(deps);
    await saveCallingRules(
      db,
      settings,
      { orgId, hours: { start: '13:00', end: '14:00' } },
      system,
      now(),
    );
    const refused = await alike(deps, orgId, { phone_number: NUMBER });
    expect(refused).toMatchObject({
      refused: 'OUTSIDE_CALLING_HOURS',
      nextAllowedAt: '2026-11-04T18:00:00.000Z',
    });
    expect(
      await alike(deps, orgId, { phone_number: NUMBER, defer_to_calling_hours: true }),
    ).toEqual({
      scheduledFor: '2026-11-04T18:00:00.000Z',
      maxDuration: 2,
      heldMicros: 2 * PRICE,
    });
    await saveCallingRules(
      db,
      settings,
      { orgId, hours: { start: '09:00', end: '17:00' } },
      system,
      now(),
    );
    expect(await alike(deps, orgId, { phone_number: NUMBER })).toMatchObject({
      scheduledFor: null,
    });
  });

  it("outside the deployment's window, refuses or defers alike", async () => {
    const deps = depsFor('sandbox', NIGHT);
    const orgId = await newOrg(deps);
    expect(await alike(deps, orgId, { phone_number: NUMBER })).toMatchObject({
      refused: 'OUTSIDE_CALLING_HOURS',
      nextAllowedAt: '2026-11-04T13:00:00.000Z',
    });
    expect(
      await alike(deps, orgId, { phone_number: NUMBER, defer_to_calling_hours: true }),
    ).toMatchObject({ scheduledFor: '2026-11-04T13:00:00.000Z' });
  });

  it('lets the wallet refuse what the rules allow, after them', async () => {
    const deps = depsFor('sandbox', NOON);
    // Less than one minute's price: the hold refuses.
    const orgId = await newOrg(deps, PRICE / 2);
    expect(await alike(deps, orgId, { phone_number: NUMBER })).toMatchObject({
      refused: 'INSUFFICIENT_BALANCE',
    });
    // Refused by the rules first, though the wallet is short too.
    await changeDncList(
      db,
      { kind: 'add', orgId, numbers: [NUMBER], source: 'api' },
      system,
      now(),
    );
    expect(await alike(deps, orgId, { phone_number: NUMBER })).toMatchObject({
      refused: 'NUMBER_ON_DNC_LIST',
    });
  });

  const now = () => new Date(NOON);
});
