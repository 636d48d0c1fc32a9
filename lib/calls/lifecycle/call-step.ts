import { schema } from '../../adapters/db';
import { ApiError } from '../../platform/errors/api-error';
import type { LineTurn } from '../../adapters/telephony';
import { readAgentContext } from '../read-agent-context';
import { getTranscripts } from '../get-call';
import { pickVoices, speakLine } from '../speak-line';
import type { CallDeps, CallRow, LineState, SandboxLineState } from '../types';
import { lineStateOf } from './line-state';
import { carrierOverdue } from './overdue';
import { OUT_OF_CREDIT_LINE, OUT_OF_CREDIT_NOTICE_MS } from '../out-of-credit';
import { openingNotice, recordOptOut } from '../rules';
import { dial } from './dial-step';
import { sandboxVoicemailLine } from './voicemail-step';
import { endLeased, LeaseLost, scaled, updateLeased } from './step-lease';
import { actionsFor } from '../actions';
import { actOnSandbox } from './sandbox-action';

const MAX_STEP_FAILURES = 3;

/** One line of the conversation: decided, synthesized, stored with its audio, then timed. */
async function talk(deps: CallDeps, call: CallRow, state: SandboxLineState): Promise<void> {
  const context = await readAgentContext(deps.db, call, state.actionResults);
  const { turns } = context;
  if (state.phase === 'ending') {
    return endLeased(
      deps,
      call,
      { queueStatus: 'complete', endedBy: state.endedBy ?? 'ASSISTANT' },
      context,
    );
  }
  if (call.durationMs >= call.maxDuration * 60_000) {
    return endLeased(deps, call, { queueStatus: 'complete', endedBy: 'MAX_DURATION' }, context);
  }

  // The wallet held less than max_duration: near the cut the agent says why the call ends.
  if (call.cutByHold && call.durationMs >= call.maxDuration * 60_000 - OUT_OF_CREDIT_NOTICE_MS)
    return say(deps, call, state, 'assistant', OUT_OF_CREDIT_LINE, 'MAX_DURATION');
  if (state.pendingAction) return actOnSandbox(deps, call, state, context, state.pendingAction);

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
  let action: SandboxLineState['pendingAction'];
  if (speaker === 'assistant') {
    const machine = sandboxVoicemailLine(call, state, turns);
    if (machine === 'hangup')
      return endLeased(deps, call, { queueStatus: 'complete', endedBy: 'ASSISTANT' }, context);
    const line = machine ?? (await deps.brain.nextLine({ ...context, actions: actionsFor(call) }));
    // The agent's first line opens with the disclosures the organization and the law ask for.
    const notice =
      deps.rules && !turns.some((t) => t.user === 'assistant')
        ? await openingNotice(deps.db, deps.rules, call)
        : null;
    text = notice ? `${notice} ${line.text}` : line.text;
    // An action without words runs now; after words, on the next step (once they are heard).
    if (line.action && !text.trim()) return actOnSandbox(deps, call, state, context, line.action);
    if (line.end) endsCall = 'ASSISTANT';
    if (line.action) action = line.action;
    // Honoured at once: listed before the confirmation is even spoken.
    if (line.optOut) await recordOptOut(deps.db, call, new Date(deps.clock.now()));
  } else {
    const said =
      state.greeting !== undefined && !last
        ? state.greeting
        : // A voicemail says nothing after its greeting: its recording ends (voicemail_action ignore).
          deps.provider.kind === 'sandbox' && state.greeting === undefined
          ? deps.provider.recipientTurn({
              callId: call.id,
              toNumber: call.toNumber,
              inbound: call.direction === 'inbound',
              turns: await heardTurns(deps, call, state, turns),
            })
          : null;
    if (said === null) {
      return endLeased(deps, call, { queueStatus: 'complete', endedBy: 'USER' }, context);
    }
    text = said;
  }
  return say(deps, call, state, speaker, text, endsCall, action);
}

/**
 * The call as the far end lived it: an action's line as it happened ("pressed 2"), not as the
 * model read it ("You pressed 2."), so the sandbox's scripts (the keypad menu) hear the keys.
 */
async function heardTurns(
  deps: CallDeps,
  call: CallRow,
  state: SandboxLineState,
  turns: LineTurn[],
): Promise<LineTurn[]> {
  if (!state.actionResults) return turns;
  const lines = await getTranscripts(deps.db, call.id);
  return lines.map((line) => ({ user: line.user, text: line.text }));
}

/** Speaks one line on the sandbox line and stores it; `endsCall` ends the call after it. */
async function say(
  deps: CallDeps,
  call: CallRow,
  state: SandboxLineState,
  speaker: LineTurn['user'],
  text: string,
  endsCall: SandboxLineState['endedBy'],
  pendingAction?: SandboxLineState['pendingAction'],
): Promise<void> {
  const voices = await pickVoices(deps, call.orgId, call.voice);
  const pronunciation = call.speechControl?.pronunciation;
  const spoken = await speakLine(
    deps.speech,
    text,
    speaker === 'assistant' ? { ...voices.agent, pronunciation } : voices.recipient,
  );
  const now = new Date(deps.clock.now());
  const next: SandboxLineState = {
    ...state,
    seq: state.seq + 1,
    failures: 0,
    ...(endsCall ? { phase: 'ending', endedBy: endsCall } : {}),
    pendingAction,
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
      return await endLeased(deps, call, {
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
      await endLeased(deps, call, {
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
