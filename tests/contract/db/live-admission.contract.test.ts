import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { schema, type Db } from '@/lib/adapters/db';
import type { SpeechEngine } from '@/lib/adapters/speech-engine';
import { startCallScheduler } from '@/lib/calls/call-scheduler';
import { LiveAdmission } from '@/lib/calls/live-admission';
import { controlledClock, testCallDeps } from '../../support/call-deps';
import { databaseAdapters, openForSuite } from '../../support/databases';
import { dispatchTestCall, recordingCarrier } from '../../support/recording-carrier';

// Admission control across two instances sharing one database: an instance at its live-call
// capacity dials no one, so the queued outbound calls are dialled by the instance with room;
// once a call of the full one ends, it dials again.

/** Dialling a real carrier needs no speech: the line's audio is the media stream's. */
const noSpeech = {} as SpeechEngine;
const idleLoop = () => ({ utilization: 0.1, lagP99Ms: 2 });

function instance(db: Db, name: string, capacity: number) {
  const clock = controlledClock();
  const carrier = recordingCarrier({ sidPrefix: `CA-${name}-` });
  const admission = new LiveAdmission(clock, idleLoop, { capacity }, () => undefined);
  const deps = { ...testCallDeps(db, noSpeech, { clock }), provider: carrier, admission };
  return { deps, carrier, admission };
}

/** Polls real time: two schedulers run beside the test on their own timers. */
async function eventually(done: () => boolean, withinMs = 15_000): Promise<void> {
  const until = Date.now() + withinMs;
  while (!done()) {
    if (Date.now() > until) throw new Error(`not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const started = async (db: Db, ids: string[]) =>
  (
    await db
      .select({ status: schema.calls.queueStatus })
      .from(schema.calls)
      .where(inArray(schema.calls.id, ids))
  ).filter((row) => row.status === 'started').length;

describe.each(databaseAdapters)('live-call admission on $name', (adapter) => {
  let db: Db;
  openForSuite(adapter, (opened) => (db = opened));

  it('leaves queued calls to the instance with room, and dials again once it has some', async () => {
    const full = instance(db, 'full', 1);
    const roomy = instance(db, 'roomy', 10);
    // The full instance carries one live call already.
    full.admission.opened('call-on-the-line');
    expect(full.admission.canAdmitLiveCall()).toBe(false);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await dispatchTestCall(full.deps)).callId);
    const schedulers = [startCallScheduler(full.deps), startCallScheduler(roomy.deps)];
    try {
      await eventually(() => roomy.carrier.placed.length === 3);
      expect(full.carrier.placed).toHaveLength(0);
      expect(await started(db, ids)).toBe(3);
      expect(roomy.admission.status()).toMatchObject({ ringing: 3, admitting: true });
      // The other instance fills up (three ringing, then seven streams of others); the full one's
      // call ends: the next queued call is dialled where there is room.
      for (let i = 0; i < 7; i++) roomy.admission.opened(`other-${i}`);
      expect(roomy.admission.canAdmitLiveCall()).toBe(false);
      full.admission.closed('call-on-the-line');
      const next = (await dispatchTestCall(roomy.deps)).callId;
      await eventually(() => full.carrier.placed.length === 1);
      expect(roomy.carrier.placed).toHaveLength(3);
      expect(await started(db, [next])).toBe(1);
    } finally {
      await Promise.all(schedulers.map((s) => s.stop()));
    }
  });
});
