// The batch analysis is computed by the database (SQL aggregates); over random call lengths and
// states it must agree with a plain model: each length in exactly one range (lower bound
// included), counts by state, averages and the per-call array in call order. Runs on PGlite.
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeBatch } from '@/lib/calls/batches/analyze-batch';
import { createBatch } from '@/lib/calls/batches/create-batch';
import { schema, type Database, type Db } from '@/lib/adapters/db';
import { createOrg } from '@/lib/composition/create-org';
import type { Clock } from '@/lib/platform/runtime/clock';
import { EmbeddedStore } from '@/lib/adapters/store';
import { SandboxCallProvider } from '@/lib/adapters/telephony';
import { callLengthBuckets } from '@/schemas/batches';
import { freshPglite } from '../../support/databases';

const now = new Date('2026-11-01T12:00:00Z');
const clock: Clock = { now: () => now.getTime(), sleep: () => Promise.resolve() };
const STATES = ['queued', 'started', 'complete', 'call_error'] as const;
const BOUNDS_S = [0, 5, 10, 15, 20, 30, 45, 60, 90, 120];

let database: Database;
let db: Db;
let orgId: string;

beforeAll(async () => {
  database = freshPglite();
  db = await database.ready();
  orgId = (await createOrg(db, { name: 'Analysis', startingCreditMicros: 50_000_000 }, now)).orgId;
}, 60_000);
afterAll(() => database?.close());

// Lengths on and either side of every range bound, and anywhere up to ten minutes.
const lengthMs = fc.oneof(
  fc
    .constantFrom(...BOUNDS_S.flatMap((s) => [s * 1000 - 1, s * 1000, s * 1000 + 1]))
    .map((ms) => Math.max(ms, 0)),
  fc.integer({ min: 0, max: 600_000 }),
);
const ANSWERED = ['human', 'voicemail', 'unknown', 'no-answer'] as const;
const call = fc.record({
  durationMs: lengthMs,
  state: fc.constantFrom(...STATES),
  answeredBy: fc.constantFrom(null, ...ANSWERED),
});

function model(calls: { durationMs: number; state: string; answeredBy: string | null }[]) {
  const summary = Object.fromEntries(callLengthBuckets.map((name) => [name, 0]));
  for (const { durationMs } of calls) {
    const index = BOUNDS_S.findLastIndex((s) => durationMs >= s * 1000);
    summary[callLengthBuckets[index]!]! += 1;
  }
  const count = (state: string) => calls.filter((c) => c.state === state).length;
  const mean = (values: number[]) =>
    values.length === 0
      ? 0
      : Math.round((values.reduce((a, b) => a + b, 0) / values.length / 1000) * 1000) / 1000;
  return {
    total_calls: calls.length,
    completed_calls: count('complete') + count('call_error'),
    in_progress_calls: count('queued') + count('started'),
    queue_statuses: Object.fromEntries(STATES.map((s) => [s, count(s)])),
    answered_by: Object.fromEntries(
      ANSWERED.map((a) => [a, calls.filter((c) => c.answeredBy === a).length]),
    ),
    call_lengths: {
      average: mean(calls.map((c) => c.durationMs)),
      average_nonzero: mean(calls.map((c) => c.durationMs).filter((ms) => ms >= 1000)),
      summary,
      all: calls.map((c) => c.durationMs / 1000),
    },
  };
}

describe('analyzeBatch', () => {
  it('agrees with the model for any lengths and states', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(call, { minLength: 1, maxLength: 25 }), async (calls) => {
        const { batch_id } = await createBatch(
          { db, provider: new SandboxCallProvider(), clock, store: new EmbeddedStore({}) },
          {
            orgId,
            origin: 'http://api.test',
            body: {
              base_prompt: 'Hi',
              label: 'analysis',
              call_data: calls.map((_c, i) => ({ phone_number: `+1415555${1000 + i}` })),
            },
          },
        );
        const rows = await db
          .select({ id: schema.calls.id })
          .from(schema.calls)
          .where(eq(schema.calls.batchId, batch_id))
          .orderBy(schema.calls.createdAt, schema.calls.id);
        for (const [i, row] of rows.entries()) {
          await db
            .update(schema.calls)
            .set({
              durationMs: calls[i]!.durationMs,
              queueStatus: calls[i]!.state,
              answeredBy: calls[i]!.answeredBy,
            })
            .where(eq(schema.calls.id, row.id));
        }
        const { analysis } = await analyzeBatch(db, batch_id);
        expect(analysis).toMatchObject(model(calls));
        expect(analysis.call_ids).toEqual(rows.map((r) => r.id));
      }),
      { seed: 16, numRuns: 40 },
    );
  }, 120_000);
});
