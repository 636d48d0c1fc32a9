import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClockFile, FIXED_CLOCK_PRELOAD } from '../support/clock-file';
import { eventually } from '../support/eventually';
import { admin } from '../support/http';
import {
  createTestOrg,
  orgDetail,
  startVoiceServer,
  voice,
  type VoiceServer,
} from '../support/voice-api';

// A process killed in the middle of a /v1/speak kept the customer's reserved charge. The
// reservation is a database record now: after the restart the sweep (the cron route here; the
// scheduler does the same) refunds it whole, once, with one ledger row.
const clock = createClockFile('2026-11-20T09:00:00.000Z');
let first: VoiceServer;
let second: VoiceServer | undefined;
let sql: pg.Client;

beforeAll(async () => {
  first = await startVoiceServer({ preload: [FIXED_CLOCK_PRELOAD], env: clock.env });
  sql = new pg.Client({ connectionString: first.databaseUrl });
  await sql.connect();
});
afterAll(async () => {
  await sql?.end();
  await second?.stop();
  await first?.dispose();
});

const text = 'The quick brown fox jumps over the lazy dog near the quiet river bank. '.repeat(70);

describe('a server killed mid-generation', () => {
  it('refunds the reservation once after a restart and the sweep', async () => {
    const org = await createTestOrg(first.url, 10);
    const voices = (await voice(first.url, org.apiKey, '/v1/voices').then((r) => r.json())) as {
      voices: { id: string; public: boolean }[];
    };
    const voiceId = voices.voices.find((v) => v.public)!.id;
    const before = (await orgDetail(first.url, org.orgId)).wallet.balance_usd;

    const speaking = voice(first.url, org.apiKey, '/v1/speak', {
      json: { text: text.slice(0, 4_900), voice_id: voiceId },
    }).catch(() => 'connection lost');
    const reservation = await eventually(async () => {
      const { rows } = await sql.query<{ id: string; reserved_micros: string; status: string }>(
        'SELECT id, reserved_micros, status FROM speech_reservations WHERE org_id = $1',
        [org.orgId],
      );
      return rows[0];
    });
    expect(reservation.status).toBe('held');
    await first.kill();
    expect(await speaking).toBe('connection lost');

    // The charge was kept by the dead process; nothing refunds it before the reservation expires.
    clock.set('2026-11-20T09:30:00.000Z');
    second = await startVoiceServer({
      shareWith: first,
      preload: [FIXED_CLOCK_PRELOAD],
      env: { ...clock.env, CALL_SCHEDULER: 'false' },
    });
    const charged = (await orgDetail(second.url, org.orgId)).wallet.balance_usd;
    expect(charged).toBeCloseTo(before - Number(reservation.reserved_micros) / 1e6, 6);

    const swept = (await admin(second.url, '/internal/cron/calls', { method: 'POST' })) as {
      refunds: number;
    };
    expect(swept.refunds).toBe(1);
    const again = (await admin(second.url, '/internal/cron/calls', { method: 'POST' })) as {
      refunds: number;
    };
    expect(again.refunds).toBe(0);

    expect((await orgDetail(second.url, org.orgId)).wallet.balance_usd).toBeCloseTo(before, 6);
    const { rows } = await sql.query<{ kind: string; amount_micros: string }>(
      'SELECT kind, amount_micros FROM wallet_ledger WHERE reference = $1 ORDER BY id',
      [`speech:${reservation.id}`],
    );
    expect(rows.map((r) => [r.kind, Number(r.amount_micros)])).toEqual([
      ['speech_charge', -Number(reservation.reserved_micros)],
      ['refund', Number(reservation.reserved_micros)],
    ]);
  });
});
