// queued → started: the dial step of a call, under the org row's lock (the concurrency cap, a new
// organization's velocity cap, a batch call's hold and key reserve), then the carrier's dial.
import { and, eq } from 'drizzle-orm';
import { schema, type Executor } from '../../adapters/db';
import { DEFAULT_CONCURRENT_CALLS, holdForCall } from '../../wallet';
import { ApiError } from '../../platform/errors/api-error';
import type { CallDeps, CallRow, SandboxLineState } from '../types';
import { checkVelocity, countRefusal, decideAtDial } from '../rules';
import { carrierStart, placeCarrierCall } from './carrier-dial';
import { keyHasCallsInProgress, reserveBatchCallSpend } from './reserve-batch-call';
import { CAP_RETRY_MS, endLeased, LeaseLost, scaled, updateLeased } from './step-lease';

/**
 * queued → started: waits for a free line under the org's cap, then dials. A batch call holds its
 * worst case from the wallet here, at its own dial (a single call held at dispatch); refused, it
 * waits while other calls of the org hold money (their end releases it), else it ends unplaced
 * with INSUFFICIENT_BALANCE. A batch call of a capped key reserves its longest cost against the
 * key's month here too, and waits or ends the same way.
 */
export async function dial(deps: CallDeps, call: CallRow): Promise<void> {
  const now = new Date(deps.clock.now());
  // The calling rules at this call's own dial (single, batch, retried or deferred alike).
  if (deps.rules) {
    const rulesDeps = { db: deps.db, rules: deps.rules, provider: deps.provider };
    const decision = await decideAtDial(rulesDeps, call, now.getTime());
    if (decision.kind === 'wait')
      return updateLeased(deps.db, call, {
        nextStepAt: decision.until,
        scheduledFor: decision.until,
      });
    if (decision.kind === 'refuse') {
      return endLeased(deps, call, {
        queueStatus: 'call_error',
        endedBy: 'SYSTEM',
        errorMessage: decision.errorMessage,
      });
    }
  }
  let dialled: CallRow | null = null;
  try {
    dialled = await dialLocked(deps, call, now);
  } catch (error) {
    if (!(error instanceof ApiError) || !ENDING_REFUSALS.has(error.code)) throw error;
    const wait =
      error.code === 'VELOCITY_LIMIT'
        ? false
        : error.code === 'KEY_SPEND_CAP_REACHED'
          ? await keyHasCallsInProgress(deps.db, call)
          : error.code === 'INSUFFICIENT_BALANCE' && (await orgHoldsMoney(deps.db, call.orgId));
    if (wait)
      return updateLeased(deps.db, call, { nextStepAt: new Date(now.getTime() + CAP_RETRY_MS) });
    // The velocity cap's refusal (thrown inside the rolled-back dial) is counted here.
    await countRefusal(deps.db, call.orgId, error, now);
    return endLeased(deps, call, {
      queueStatus: 'call_error',
      endedBy: 'SYSTEM',
      errorMessage: `${error.code}: ${error.message} This call was not placed and costs nothing.`,
    });
  }
  // A real call is placed once the line is ours, outside the org's lock (a network round trip).
  if (dialled && deps.provider.kind === 'twilio')
    await placeCarrierCall(deps, deps.provider, dialled);
}

/**
 * Refusals at the dial that end the call unplaced: the money ones a batch call may wait out while
 * other calls end; a new organization's used-up day or country at once.
 */
const ENDING_REFUSALS = new Set([
  'KEY_SPEND_CAP_REACHED',
  'INSUFFICIENT_BALANCE',
  'WALLET_IN_DEBT',
  'VELOCITY_LIMIT',
]);

/** Whether calls of the org hold money now: their end releases what they do not spend. */
async function orgHoldsMoney(db: Executor, orgId: string): Promise<boolean> {
  const [org] = await db
    .select({ held: schema.organizations.heldMicros })
    .from(schema.organizations)
    .where(eq(schema.organizations.id, orgId));
  return (org?.held ?? 0) > 0;
}

/**
 * The dial's transaction, under the org row's lock; returns the call as dialled when it took a
 * line (its hold and cut max_duration included), or null when it waits for one.
 */
async function dialLocked(deps: CallDeps, call: CallRow, now: Date): Promise<CallRow | null> {
  let started = false;
  let dialled = call;
  await deps.db.transaction(async (tx) => {
    // The call's row before the org's, the order every ending takes them in (the call, then the
    // org for its charge): the other order deadlocked with a stop arriving during the dial.
    await tx
      .select({ id: schema.calls.id })
      .from(schema.calls)
      .where(eq(schema.calls.id, call.id))
      .for('update');
    // Dialing takes the org row's lock, so the cap holds across instances.
    const [org] = await tx
      .select()
      .from(schema.organizations)
      .where(eq(schema.organizations.id, call.orgId))
      .for('update');
    const cap = org?.limitConcurrentCalls ?? DEFAULT_CONCURRENT_CALLS;
    const active = await tx.$count(
      schema.calls,
      and(eq(schema.calls.orgId, call.orgId), eq(schema.calls.queueStatus, 'started')),
    );
    const outcome = deps.provider.kind === 'sandbox' ? deps.provider.connect(call.toNumber) : null;
    started = active < cap;
    // A new organization's real calls: 3 at once (it waits for a line), 50 a day and one
    // country (429 VELOCITY_LIMIT ends it unplaced), counted under this same lock.
    if (started && org && deps.rules) {
      const velocity = await checkVelocity(tx, org, {
        to: call.toNumber,
        now: now.getTime(),
        carrier: deps.provider.kind === 'twilio',
        stage: 'dial',
      });
      if (velocity === 'wait') started = false;
    }
    // A batch call holds its worst case at its own dial (402 INSUFFICIENT_BALANCE refuses it).
    const hold =
      started && call.heldMicros === null
        ? await holdForCall(tx, {
            orgId: call.orgId,
            maxDurationMinutes: call.maxDuration,
            pricePerMinuteMicros: deps.settings.pricePerMinuteMicros,
          })
        : null;
    if (hold) {
      dialled = {
        ...call,
        maxDuration: hold.maxDurationMinutes,
        heldMicros: hold.heldMicros,
        cutByHold: hold.cutByHold,
      };
    }
    const keyReservedMicros = started ? await reserveBatchCallSpend(tx, deps, dialled, now) : null;
    const values: Partial<CallRow> = !started
      ? { nextStepAt: new Date(now.getTime() + CAP_RETRY_MS) }
      : !outcome
        ? carrierStart(dialled, now)
        : {
            queueStatus: 'started',
            startedAt: now,
            answeredBy:
              outcome.kind === 'failed'
                ? outcome.answeredBy
                : outcome.kind === 'voicemail'
                  ? 'voicemail'
                  : 'human',
            lineState: (outcome.kind === 'failed'
              ? { line: 'sandbox', phase: 'failing', seq: 0, errorMessage: outcome.errorMessage }
              : {
                  line: 'sandbox',
                  phase: 'talking',
                  seq: 0,
                  ...(outcome.kind === 'voicemail' ? { greeting: outcome.greeting } : {}),
                }) satisfies SandboxLineState,
            nextStepAt: new Date(now.getTime() + scaled(deps, outcome.ringMs)),
          };
    const updated = await tx
      .update(schema.calls)
      .set({
        ...values,
        ...(keyReservedMicros === null ? {} : { keyReservedMicros }),
        ...(hold
          ? {
              heldMicros: hold.heldMicros,
              maxDuration: hold.maxDurationMinutes,
              cutByHold: hold.cutByHold,
            }
          : {}),
        leaseToken: null,
        leaseUntil: null,
      })
      .where(
        and(
          eq(schema.calls.id, call.id),
          eq(schema.calls.leaseToken, call.leaseToken!),
          eq(schema.calls.queueStatus, 'queued'),
        ),
      )
      .returning({ id: schema.calls.id });
    if (updated.length === 0) throw new LeaseLost();
  });
  return started ? dialled : null;
}
