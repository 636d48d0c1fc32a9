import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstances, type Instances } from '../support/instances';
import { runBatchWithRestart } from '../support/scale-out';

// Issue 16, scale-out: a batch of 300 calls on three instances sharing one Postgres and one Redis,
// one instance killed mid-batch and restarted at once. The sandbox line runs at 200× real time;
// the calls the dead instance held wait for their step lease (15 s of wall time) to run out.
const CALLS = 300;
let instances: Instances;

beforeAll(async () => {
  instances = await startInstances(3, { env: { SANDBOX_TIME_SCALE: '200' } });
}, 120_000);
afterAll(() => instances?.dispose());

describe('a batch on three instances, one killed and restarted', () => {
  it('finishes every call exactly once, each charged exactly once', async () => {
    const run = await runBatchWithRestart({
      instances,
      calls: CALLS,
      kill: 1,
      killAfterComplete: 100,
      concurrentCalls: 30,
      timeoutMs: 150_000,
    });
    const { seqs, chargesPerCall, ...figures } = run;
    console.info('scale-out batch:', JSON.stringify(figures));

    expect(run.queueStatuses).toEqual({ complete: CALLS });
    expect(run.endedBy).toEqual({ ASSISTANT: CALLS });
    // The kill landed mid-batch, with calls in progress on the line.
    expect(run.completeAtKill).toBeLessThan(CALLS);
    expect(run.startedAtKill).toBeGreaterThan(0);
    // Every call said each of its lines once: seq 0..n-1, as many as one call of the task alone.
    expect(run.referenceLines).toBeGreaterThan(2);
    const expected = Array.from({ length: run.referenceLines }, (_, i) => i);
    expect(seqs.size).toBe(CALLS);
    for (const [callId, lines] of seqs)
      expect({ callId, lines }).toEqual({ callId, lines: expected });
    // Read back through the API from other instances (GET /v1/calls/{id}, GET /batch).
    expect(run.referenceReadStatus).toBe(200);
    expect(run.referenceReadLines).toBe(run.referenceLines);
    expect(run.apiCallsWithAllLines).toBe(CALLS);
    // One call_charge per call in the ledger, matching the calls' prices and the wallet.
    expect(chargesPerCall.size).toBe(CALLS);
    for (const [reference, n] of chargesPerCall)
      expect({ reference, n }).toEqual({ reference, n: 1 });
    expect(run.pricedMicros).toBeGreaterThan(0);
    expect(run.chargedMicros).toBe(run.pricedMicros);
    expect(run.walletBeforeMicros - run.walletAfterMicros).toBe(run.chargedMicros);
  }, 240_000);
});
