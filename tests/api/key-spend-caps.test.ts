import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  consoleFetch,
  createConsoleKey,
  fetchWithKey,
  startWithOwnOrg,
  type OwnOrgServer,
} from '../support/accounts-api';
import { eventually } from '../support/eventually';
import { depositUsd, expectError } from '../support/http';

// Per-key monthly spend caps: speech at $10 per 1,000 characters, so 100 characters cost $1.
let { accounts, base, cookie, orgId } = {} as OwnOrgServer;
let reader: string;
let voiceId: string;

const HUNDRED =
  'Spend caps stop a key at its monthly limit, so one leaked key never empties the wallet. '
    .repeat(3)
    .slice(0, 100);
const SCOPES = ['speech', 'calls:read', 'calls:write'];

beforeAll(async () => {
  ({ accounts, base, cookie, orgId } = await startWithOwnOrg('caps', {
    env: { SPEECH_PRICE_PER_1K_CHARS_USD: '10', SANDBOX_TIME_SCALE: '500' },
    // The last hour of March (UTC): a test crosses into April within the console session.
    clock: '2026-03-31T23:00:00.000Z',
  }));
  // $50 in: the wallet never limits these tests, and the org's concurrency is 5.
  await depositUsd(base, orgId, 50);
  reader = (
    await createConsoleKey(base, cookie, orgId, ['billing:read', 'audit:read', 'voices:read'])
  ).api_key;
  const { voices } = (await (await fetchWithKey(base, reader, 'GET', '/v1/voices')).json()) as {
    voices: { id: string; public: boolean }[];
  };
  voiceId = voices.find((v) => v.public)!.id;
}, 120_000);
afterAll(() => accounts?.dispose());

const capped = (cents: number | null, scopes = SCOPES) =>
  createConsoleKey(base, cookie, orgId, scopes, { monthly_spend_cap_cents: cents });
const speak = async (key: string) => {
  const response = await fetchWithKey(base, key, 'POST', '/v2/tts', {
    text: HUNDRED,
    voice: voiceId,
  });
  // Audio is read to its end (the charge settles then); an error is left for expectError.
  return response.ok ? new Response(await response.arrayBuffer(), response) : response;
};
const dial = (key: string) =>
  fetchWithKey(base, key, 'POST', '/v1/calls', {
    phone_number: '+14155550123',
    task: 'Confirm the appointment.',
  });

interface ListedKey {
  key_id: string;
  monthly_spend_cap_cents: number | null;
  month_spend_usd: number;
}
async function listed(keyId: string): Promise<ListedKey> {
  const response = await consoleFetch(base, cookie, 'GET', `/console/api/orgs/${orgId}/keys`);
  const { keys } = (await response.json()) as { keys: ListedKey[] };
  return keys.find((k) => k.key_id === keyId)!;
}
async function ledger() {
  const response = await fetchWithKey(base, reader, 'GET', '/v1/billing/ledger?limit=200');
  expect(response.status).toBe(200);
  return (
    (await response.json()) as {
      entries: { kind: string; key_id: string | null; reference: string; amount_usd: number }[];
    }
  ).entries;
}

describe('bad input', () => {
  it('refuses a negative cap, non-integer cents and a string with the envelope, on create, edit and approval', async () => {
    for (const cents of [-1, 12.5, '100']) {
      const created = await consoleFetch(base, cookie, 'POST', `/console/api/orgs/${orgId}/keys`, {
        name: 'bad cap',
        scopes: ['speech'],
        monthly_spend_cap_cents: cents,
      });
      const { envelope } = await expectError(created, 400, 'INVALID_BODY');
      expect(envelope.error.field).toBe('monthly_spend_cap_cents');
    }
    const key = await capped(null);
    const patched = await consoleFetch(
      base,
      cookie,
      'PATCH',
      `/console/api/orgs/${orgId}/keys/${key.key_id}`,
      {
        monthly_spend_cap_cents: -5,
      },
    );
    await expectError(patched, 400, 'INVALID_BODY');
    const approval = await consoleFetch(base, cookie, 'POST', '/console/api/agent/decide', {
      user_code: 'ABCDEFGH',
      decision: 'approve',
      org_id: orgId,
      scopes: ['speech'],
      monthly_spend_cap_cents: 0.5,
    });
    await expectError(approval, 400, 'INVALID_BODY');
    const unknownKey = await consoleFetch(
      base,
      cookie,
      'PATCH',
      `/console/api/orgs/${orgId}/keys/key_nope`,
      {
        monthly_spend_cap_cents: 100,
      },
    );
    await expectError(unknownKey, 404, 'NOT_FOUND');
  });
});

describe('speech through a capped key', () => {
  it('stops at the cap with 402 KEY_SPEND_CAP_REACHED, leaves other keys alone, names the key on the ledger and resets next month', async () => {
    const limited = await capped(150);
    const other = await capped(null);
    expect((await speak(limited.api_key)).status).toBe(200); // $1 of $1.50
    expect((await speak(limited.api_key)).status).toBe(200); // started under the cap: $2
    const refused = await speak(limited.api_key);
    const { envelope } = await expectError(refused, 402, 'KEY_SPEND_CAP_REACHED');
    expect(envelope.error.message).toContain('$1.50');
    expect((await speak(other.api_key)).status).toBe(200);

    expect(await listed(limited.key_id)).toMatchObject({
      monthly_spend_cap_cents: 150,
      month_spend_usd: 2,
    });
    expect((await listed(other.key_id)).month_spend_usd).toBe(1);

    const rows = await ledger();
    expect(
      rows.filter((r) => r.kind === 'speech_charge' && r.key_id === limited.key_id),
    ).toHaveLength(2);
    expect(
      rows.filter((r) => r.kind === 'speech_charge' && r.key_id === other.key_id),
    ).toHaveLength(1);
    const csv = await (
      await fetchWithKey(base, reader, 'GET', '/v1/billing/ledger?format=csv')
    ).text();
    const header = csv.split('\n')[0]!.split(',');
    const keyColumn = header.indexOf('key_id');
    expect(keyColumn).toBeGreaterThan(-1);
    const csvKeys = csv
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(',')[keyColumn]);
    expect(csvKeys.filter((id) => id === limited.key_id)).toHaveLength(2);

    // The calendar month (UTC) turns: the key speaks again.
    accounts.clock.set('2026-04-01T00:00:05.000Z');
    expect((await speak(limited.api_key)).status).toBe(200);
    expect((await listed(limited.key_id)).month_spend_usd).toBe(1);
  });

  it('lets one of five racing requests through when each would reach the cap', async () => {
    const limited = await capped(100);
    const answers = await Promise.all(Array.from({ length: 5 }, () => speak(limited.api_key)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 402, 402, 402, 402]);
    expect((await listed(limited.key_id)).month_spend_usd).toBe(1);
    const rows = await ledger();
    expect(
      rows.filter((r) => r.kind === 'speech_charge' && r.key_id === limited.key_id),
    ).toHaveLength(1);
  });

  it('a cap set later counts the month so far; changing it is audited as key.update', async () => {
    const key = await capped(null);
    expect((await speak(key.api_key)).status).toBe(200);
    const set = await consoleFetch(
      base,
      cookie,
      'PATCH',
      `/console/api/orgs/${orgId}/keys/${key.key_id}`,
      {
        monthly_spend_cap_cents: 100,
      },
    );
    expect(set.status).toBe(200);
    await expectError(await speak(key.api_key), 402, 'KEY_SPEND_CAP_REACHED');
    const raised = await consoleFetch(
      base,
      cookie,
      'PATCH',
      `/console/api/orgs/${orgId}/keys/${key.key_id}`,
      {
        monthly_spend_cap_cents: null,
      },
    );
    expect(raised.status).toBe(200);
    expect((await speak(key.api_key)).status).toBe(200);

    const audit = (await (
      await fetchWithKey(base, reader, 'GET', '/v1/audit-log?action=key.update')
    ).json()) as {
      events: { target: { id: string }; before: unknown; after: unknown }[];
    };
    const changes = audit.events.filter((e) => e.target.id === key.key_id);
    expect(changes.map((e) => [e.before, e.after])).toEqual([
      [{ monthly_spend_cap_cents: 100 }, { monthly_spend_cap_cents: null }],
      [{ monthly_spend_cap_cents: null }, { monthly_spend_cap_cents: 100 }],
    ]);
  });
});

describe('calls through a capped key', () => {
  it('holds the longest cost while a call runs, refuses the next (and a batch), and counts the real charge once it ends', async () => {
    // A call counts toward the month it was placed in: place it in April.
    accounts.clock.set('2026-04-01T00:05:00.000Z');
    const limited = await capped(100);
    const other = await capped(null);
    const first = await dial(limited.api_key);
    expect(first.status).toBe(200);
    const { call_id } = (await first.json()) as { call_id: string };
    // A 30-minute call may cost $2.70: the key's month holds that until the call ends.
    await expectError(await dial(limited.api_key), 402, 'KEY_SPEND_CAP_REACHED');
    expect((await dial(other.api_key)).status).toBe(200);
    const batch = (key: string) =>
      fetchWithKey(base, key, 'POST', '/v1/batches', {
        base_prompt: 'Confirm the delivery.',
        label: 'Capped',
        call_data: [{ phone_number: '+14155550123' }],
      });
    await expectError(await batch(limited.api_key), 402, 'KEY_SPEND_CAP_REACHED');

    // The sandbox line plays as the server's clock moves on; once the call has talked, stop it.
    const callNow = async () =>
      (await (await fetchWithKey(base, limited.api_key, 'GET', `/v1/calls/${call_id}`)).json()) as {
        queue_status: string;
        transcripts: unknown[];
      };
    let second = 0;
    await eventually(async () => {
      accounts.clock.set(
        new Date(Date.parse('2026-04-01T00:05:00.000Z') + ++second * 1_000).toISOString(),
      );
      return (await callNow()).transcripts.length > 1 ? true : undefined;
    }, 60_000);
    const stop = await fetchWithKey(base, limited.api_key, 'POST', `/v1/calls/${call_id}/stop`);
    expect(stop.status).toBe(200);
    await eventually(async () =>
      (await callNow()).queue_status === 'complete' ? true : undefined,
    );

    const charge = (await ledger()).find(
      (r) => r.kind === 'call_charge' && r.reference === `call:${call_id}`,
    );
    expect(charge?.key_id).toBe(limited.key_id);
    // Trued up to the real charge (started minutes at $0.09): the key may call again.
    expect((await listed(limited.key_id)).month_spend_usd).toBeCloseTo(-charge!.amount_usd, 6);
    expect(charge!.amount_usd).toBeGreaterThan(-1);
    expect((await dial(limited.api_key)).status).toBe(200);
  }, 150_000);
});
