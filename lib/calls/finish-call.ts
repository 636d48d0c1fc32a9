import { randomUUID } from 'node:crypto';
import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import { schema, type Executor } from '../db';
import { spendUpTo } from '../orgs/spend-up-to';
import { encodeWav } from '../speech';
import type { CallDeps, CallEndedBy, CallRow } from './types';

export const TELEPHONY_SAMPLE_RATE = 8_000;

export interface CallEnding {
  queueStatus: 'complete' | 'call_error';
  endedBy: CallEndedBy;
  errorMessage?: string | null;
  summary?: string | null;
}

/** Price of a call: every started minute of real audio. */
export function callCostMicros(durationMs: number, pricePerMinuteMicros: number): number {
  return Math.ceil(durationMs / 60_000) * pricePerMinuteMicros;
}

/**
 * Ends a call inside the caller's transaction (which holds the call row): charges it once,
 * turns recorded segments into one WAV, and queues its post-call webhook. Returns false when
 * the call had already ended.
 */
export async function finishCall(
  tx: Executor,
  deps: Pick<CallDeps, 'settings'>,
  call: CallRow,
  ending: CallEnding,
  now: Date,
): Promise<boolean> {
  const c = schema.calls;
  const [claimed] = await tx
    .update(c)
    .set({
      queueStatus: ending.queueStatus,
      endAt: now,
      callEndedBy: ending.endedBy,
      errorMessage: ending.errorMessage ?? null,
      summary: ending.summary ?? null,
      nextStepAt: null,
      leaseToken: null,
      leaseUntil: null,
    })
    .where(and(eq(c.id, call.id), inArray(c.queueStatus, ['queued', 'started'])))
    .returning({ durationMs: c.durationMs });
  if (!claimed) return false;

  const cost =
    ending.queueStatus === 'complete'
      ? callCostMicros(claimed.durationMs, deps.settings.pricePerMinuteMicros)
      : 0;
  const charged = await spendUpTo(tx, {
    orgId: call.orgId,
    kind: 'call_charge',
    micros: cost,
    reference: `call:${call.id}`,
    now,
  });
  await tx.update(c).set({ priceMicros: charged }).where(eq(c.id, call.id));

  if (call.record) {
    const segments = await tx
      .select({ data: schema.callAudio.data })
      .from(schema.callAudio)
      .where(and(eq(schema.callAudio.callId, call.id), gte(schema.callAudio.seq, 0)))
      .orderBy(asc(schema.callAudio.seq));
    if (segments.length > 0) {
      const wav = encodeWav(Buffer.concat(segments.map((s) => s.data)), TELEPHONY_SAMPLE_RATE);
      await tx
        .delete(schema.callAudio)
        .where(and(eq(schema.callAudio.callId, call.id), gte(schema.callAudio.seq, 0)));
      await tx
        .insert(schema.callAudio)
        .values({ callId: call.id, seq: -1, sampleRate: TELEPHONY_SAMPLE_RATE, data: wav });
    }
  }

  if (call.webhook) {
    await tx.insert(schema.webhookDeliveries).values({
      id: randomUUID(),
      orgId: call.orgId,
      callId: call.id,
      webhookId: `msg_${call.id}`,
      url: call.webhook,
      eventType: 'call.completed',
      payload: {},
      status: 'pending',
      nextAttemptAt: now,
      createdAt: now,
    });
  }
  return true;
}
