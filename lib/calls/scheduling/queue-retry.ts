import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { schema, type Executor } from '../../adapters/db';
import { testNumberOutcomes } from '../../adapters/telephony';
import type { CallRow, RetryPolicy } from '../types';

type RetryOutcome = RetryPolicy['on'][number];

// Both lines word a busy line alike (carrier-status.ts reuses the sandbox's test-number text).
const BUSY_MESSAGE =
  testNumberOutcomes['5550102']?.kind === 'failed'
    ? testNumberOutcomes['5550102'].errorMessage
    : '';

/**
 * How an ended call ended, in the retry policy's words; null for an ending no retry follows: a
 * conversation (a person answered, even if the line failed later), a stop (call_ended_by API),
 * an opt-out, or a call never placed (refused by the calling rules — a do-not-call listing among
 * them — or by the wallet: nothing rang).
 */
export function retryOutcomeOf(call: CallRow): RetryOutcome | null {
  if (call.callEndedBy === 'API' || call.optedOut) return null;
  if (call.queueStatus === 'complete') return call.answeredBy === 'voicemail' ? 'voicemail' : null;
  if (call.answeredBy === 'no-answer') return 'no-answer';
  // A person was reached: a conversation, however it ended.
  if (call.startedAt === null || call.answeredBy === 'human' || call.answeredBy === 'unknown')
    return null;
  return call.errorMessage === BUSY_MESSAGE ? 'busy' : 'failed';
}

/**
 * Inside the transaction that ended `callId`: when its retry policy asks for another attempt
 * after this ending, queues it as a new call of the same series and batch, held until the wait
 * is over (the scheduled-calls job releases it, and its dial judges the calling rules then).
 * The ending runs once under the call's lock, so each attempt is queued once; the unique
 * (retry_of, attempt) index stands behind that. Returns the new call's id, or null.
 */
export async function queueRetry(tx: Executor, callId: string, now: Date): Promise<string | null> {
  const [call] = await tx.select().from(schema.calls).where(eq(schema.calls.id, callId));
  const policy = call?.retry;
  if (!call || !policy || call.attempt >= policy.max_attempts) return null;
  const outcome = retryOutcomeOf(call);
  if (!outcome || !policy.on.includes(outcome)) return null;
  const id = randomUUID();
  await tx.insert(schema.calls).values({
    id,
    orgId: call.orgId,
    batchId: call.batchId,
    queueStatus: 'queued',
    toNumber: call.toNumber,
    fromNumber: call.fromNumber,
    task: call.task,
    voice: call.voice,
    firstSentence: call.firstSentence,
    waitForGreeting: call.waitForGreeting,
    maxDuration: call.maxDuration,
    record: call.record,
    endOfTurnMinMs: call.endOfTurnMinMs,
    endOfTurnMaxMs: call.endOfTurnMaxMs,
    webhook: call.webhook,
    language: call.language,
    metadata: call.metadata,
    requestData: call.requestData,
    createdAt: now,
    // Like a batch call, the attempt holds from the wallet (and a batch's key) at its own dial.
    keyId: call.keyId,
    provider: call.provider,
    endpointUrl: call.endpointUrl,
    sandbox: call.sandbox,
    apiOrigin: call.apiOrigin,
    agentId: call.agentId,
    agentVersion: call.agentVersion,
    retry: policy,
    retryOf: call.retryOf ?? call.id,
    attempt: call.attempt + 1,
    scheduledFor: new Date(now.getTime() + policy.wait_minutes * 60_000),
    nextStepAt: null,
  });
  return id;
}
