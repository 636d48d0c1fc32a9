import { and, eq } from 'drizzle-orm';
import type { AgentContext } from '../../adapters/agent-brain';
import { schema, type Executor } from '../../adapters/db';
import { DEFAULT_CONCURRENT_CALLS, holdForCall } from '../../wallet';
import { ApiError } from '../../platform/errors/api-error';
import type { LineTurn } from '../../adapters/telephony';
import { readAgentContext } from '../read-agent-context';
import { pickVoices, speakLine } from '../speak-line';
import type { CallDeps, CallRow, LineState, SandboxLineState } from '../types';
import { carrierStart, placeCarrierCall } from './carrier-dial';
import { endCall, type CallEnding } from './end-call';
import { lineStateOf } from './line-state';
import { keyHasCallsInProgress, reserveBatchCallSpend } from './reserve-batch-call';
import { carrierOverdue } from './overdue';
import { OUT_OF_CREDIT_LINE, OUT_OF_CREDIT_NOTICE_MS } from '../out-of-credit';
import { checkVelocity, countRefusal, decideAtDial, openingNotice, recordOptOut } from '../rules';

/** How often a call waiting for a free line under the org's cap looks again (wall time). */
const CAP_RETRY_MS = 250;
const MAX_STEP_FAILURES = 3;

class LeaseLost extends Error {}

const scaled = (deps: CallDeps, ms: number) =>
  Math.max(1, Math.round(ms / deps.settings.timeScale));

/** Writes a step's result only while this worker's lease on the call still stands. */
async function updateLeased(db: Executor, call: CallRow, values: Partial<CallRow>): Promise<void> {
  const updated = await db
    .update(schema.calls)
    .set({ ...values, leaseToken: null, leaseUntil: null })
    .where(and(eq(schema.calls.id, call.id), eq(schema.calls.leaseToken, call.leaseToken!)))
    .returning({ id: schema.calls.id });
  if (updated.length === 0) throw new LeaseLost();
}

async function end(deps: CallDeps, call: CallRow, ending: CallEnding, context?: AgentContext) {
  const summary =
    ending.queueStatus === 'complete' && context && context.turns.length > 0
      ? await deps.brain.summarize(context).catch(() => null)
      : null;
  const ended = await endCall(
    deps,
    call.id,
    { ...ending, summary },
    { leaseToken: call.leaseToken },
  );
  if (ended === 'lease-lost') throw new LeaseLost();
}

/**
 * queued → started: waits for a free line under the org's cap, then dials. A batch call holds its
 * worst case from the wallet here, at its own dial (a single call held at dispatch); refused, it
 * waits while other calls of the org hold money (their end releases it), else it ends unplaced
 * with INSUFFICIENT_BALANCE. A batch call of a capped key reserves its longest cost against the
 * key's month here too, and waits or ends the same way.
 */
async function dial(deps: CallDeps, call: CallRow): Promise<void> {
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
      return end(deps, call, {
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
    return end(deps, call, {
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

/** One line of the conversation: decided, synthesized, stored with its audio, then timed. */
async function talk(deps: CallDeps, call: CallRow, state: SandboxLineState): Promise<void> {
  const context = await readAgentContext(deps.db, call);
  const { turns } = context;
  if (state.phase === 'ending') {
    return end(
      deps,
      call,
      { queueStatus: 'complete', endedBy: state.endedBy ?? 'ASSISTANT' },
      context,
    );
  }
  if (call.durationMs >= call.maxDuration * 60_000) {
    return end(deps, call, { queueStatus: 'complete', endedBy: 'MAX_DURATION' }, context);
  }

  // The wallet held less than max_duration: near the cut the agent says why the call ends.
  if (call.cutByHold && call.durationMs >= call.maxDuration * 60_000 - OUT_OF_CREDIT_NOTICE_MS)
    return say(deps, call, state, 'assistant', OUT_OF_CREDIT_LINE, 'MAX_DURATION');

  const last = turns.at(-1);
  const recipientFirst = state.greeting !== undefined || call.waitForGreeting;
  const speaker: LineTurn['user'] = last
    ? last.user === 'assistant'
      ? 'user'
      : 'assistant'
    : recipientFirst
      ? 'user'
      : 'assistant';
  let text: string;
  let endsCall: SandboxLineState['endedBy'];
  if (speaker === 'assistant') {
    const line = await deps.brain.nextLine(context);
    // The agent's first line opens with the disclosures the organization and the law ask for.
    const notice =
      deps.rules && !turns.some((t) => t.user === 'assistant')
        ? await openingNotice(deps.db, deps.rules, call)
        : null;
    text = notice ? `${notice} ${line.text}` : line.text;
    if (line.end) endsCall = 'ASSISTANT';
    // Honoured at once: listed before the confirmation is even spoken.
    if (line.optOut) await recordOptOut(deps.db, call, new Date(deps.clock.now()));
  } else {
    const said =
      state.greeting !== undefined && !last
        ? state.greeting
        : deps.provider.kind === 'sandbox'
          ? deps.provider.recipientTurn({ callId: call.id, toNumber: call.toNumber, turns })
          : null;
    if (said === null) {
      return end(deps, call, { queueStatus: 'complete', endedBy: 'USER' }, context);
    }
    text = said;
  }
  return say(deps, call, state, speaker, text, endsCall);
}

/** Speaks one line on the sandbox line and stores it; `endsCall` ends the call after it. */
async function say(
  deps: CallDeps,
  call: CallRow,
  state: SandboxLineState,
  speaker: LineTurn['user'],
  text: string,
  endsCall: SandboxLineState['endedBy'],
): Promise<void> {
  const voices = await pickVoices(deps, call.orgId, call.voice);
  const spoken = await speakLine(
    deps.speech,
    text,
    speaker === 'assistant' ? voices.agent : voices.recipient,
  );
  const now = new Date(deps.clock.now());
  const next: SandboxLineState = {
    ...state,
    seq: state.seq + 1,
    failures: 0,
    ...(endsCall ? { phase: 'ending', endedBy: endsCall } : {}),
  };
  await deps.db.transaction(async (tx) => {
    await tx.insert(schema.transcripts).values({
      callId: call.id,
      seq: state.seq,
      user: speaker,
      text,
      startMs: call.durationMs,
      durationMs: spoken.durationMs,
      createdAt: now,
    });
    if (call.record) {
      await tx.insert(schema.callAudio).values({
        callId: call.id,
        seq: state.seq,
        sampleRate: 8_000,
        data: spoken.pcm,
      });
    }
    await updateLeased(tx, call, {
      durationMs: call.durationMs + spoken.durationMs,
      lineState: next,
      // The next line starts when this one has been heard out, on the line's clock.
      nextStepAt: new Date(now.getTime() + scaled(deps, spoken.durationMs)),
    });
  });
}

/** Runs the step a claimed call is due for. A lost lease means another worker has it now. */
export async function playCallStep(deps: CallDeps, call: CallRow): Promise<void> {
  const state = lineStateOf(call);
  try {
    if (call.queueStatus === 'queued') return await dial(deps, call);
    if (state.line === 'carrier') return await carrierOverdue(deps, call);
    if (state.phase === 'failing') {
      return await end(deps, call, {
        queueStatus: 'call_error',
        endedBy: 'SYSTEM',
        errorMessage: state.errorMessage ?? 'The call could not be connected.',
      });
    }
    return await talk(deps, call, state);
  } catch (error) {
    if (error instanceof LeaseLost) return;
    await recordStepFailure(deps, call, state, error);
  }
}

/** A step that keeps failing ends the call with a clear error instead of leaving it started. */
async function recordStepFailure(deps: CallDeps, call: CallRow, state: LineState, error: unknown) {
  const failures = (state.failures ?? 0) + 1;
  const message =
    error instanceof ApiError ? error.message : String((error as Error)?.message ?? error);
  console.error(`call ${call.id}: step failed (${failures}/${MAX_STEP_FAILURES}): ${message}`);
  try {
    if (failures >= MAX_STEP_FAILURES) {
      await end(deps, call, {
        queueStatus: 'call_error',
        endedBy: 'SYSTEM',
        errorMessage: `The call was ended after an internal error: ${message.slice(0, 200)}`,
      });
      return;
    }
    await updateLeased(deps.db, call, {
      lineState: { ...state, failures },
      nextStepAt: new Date(deps.clock.now() + 1_000 * failures),
    });
  } catch (inner) {
    if (!(inner instanceof LeaseLost))
      console.error(`call ${call.id}: could not record failure:`, inner);
  }
}
