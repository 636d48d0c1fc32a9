import type { AgentAction, AgentContext } from '../../adapters/agent-brain';
import { schema } from '../../adapters/db';
import { runAction } from '../actions';
import { pickVoices, speakLine, type SpokenLine } from '../speak-line';
import type { CallDeps, CallRow, SandboxLineState } from '../types';
import { scaled, updateLeased } from './step-lease';

/**
 * Runs the action the agent called on the sandbox line, in one step: what it says while it works
 * (a tool's filler) is spoken as the agent's lines, then its outcome is an agent-action line whose
 * result the model reads from the next step on.
 */
export async function actOnSandbox(
  deps: CallDeps,
  call: CallRow,
  state: SandboxLineState,
  context: AgentContext,
  action: AgentAction,
): Promise<void> {
  const said: string[] = [];
  const outcome = await runAction(action, {
    call,
    line: 'sandbox',
    turns: context.turns,
    // The step's own position: the same when the step is run again after a crash.
    step: state.seq,
    signal: new AbortController().signal,
    say: (text) => {
      said.push(text);
      return Promise.resolve();
    },
    // A transfer number is checked against the calling rules again when it is dialled.
    deps: {
      db: deps.db,
      clock: deps.clock,
      allowIps: deps.settings.allowIps,
      urlSigningKey: deps.settings.urlSigningKey,
      ...(deps.rules ? { rules: { rules: deps.rules, provider: deps.provider } } : {}),
    },
  });
  const voices = await pickVoices(deps, call.orgId, call.voice);
  const spoken: SpokenLine[] = [];
  for (const text of said) spoken.push(await speakLine(deps.speech, text, voices.agent));
  const spokenMs = spoken.reduce((ms, line) => ms + line.durationMs, 0);
  const actionSeq = state.seq + said.length;
  const now = new Date(deps.clock.now());
  const { pendingAction: _ran, ...rest } = state;
  const next: SandboxLineState = {
    ...rest,
    seq: actionSeq + 1,
    failures: 0,
    actionResults: { ...state.actionResults, [actionSeq]: outcome.result },
    // Off the call (a transfer) or hanging up: the call ends after this line.
    ...(outcome.next === 'leave'
      ? { phase: 'ending' as const, endedBy: 'TRANSFER' as const }
      : outcome.next === 'hangup'
        ? { phase: 'ending' as const, endedBy: 'ASSISTANT' as const }
        : {}),
  };
  await deps.db.transaction(async (tx) => {
    let startMs = call.durationMs;
    for (const [i, line] of spoken.entries()) {
      const seq = state.seq + i;
      const values = { callId: call.id, seq, user: 'assistant' as const, text: said[i]! };
      await tx
        .insert(schema.transcripts)
        .values({ ...values, startMs, durationMs: line.durationMs, createdAt: now });
      if (call.record)
        await tx
          .insert(schema.callAudio)
          .values({ callId: call.id, seq, sampleRate: 8_000, data: line.pcm });
      startMs += line.durationMs;
    }
    await tx.insert(schema.transcripts).values({
      callId: call.id,
      seq: actionSeq,
      user: 'agent-action',
      text: outcome.line,
      startMs,
      durationMs: 0,
      createdAt: now,
    });
    await updateLeased(tx, call, {
      durationMs: call.durationMs + spokenMs,
      lineState: next,
      nextStepAt: new Date(now.getTime() + scaled(deps, spokenMs)),
    });
  });
}
