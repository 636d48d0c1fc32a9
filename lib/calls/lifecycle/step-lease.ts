// What every step of a call does under its lease: write only while the lease stands, end the call
// the same way, time the sandbox line.
import { and, eq } from 'drizzle-orm';
import type { AgentContext } from '../../adapters/agent-brain';
import { schema, type Executor } from '../../adapters/db';
import type { CallDeps, CallRow } from '../types';
import { callResults } from '../analysis/call-results';
import { endCall, type CallEnding } from './end-call';

/** How often a call waiting for a free line under the org's cap looks again (wall time). */
export const CAP_RETRY_MS = 250;

/** Another worker took the call's lease: this step's result is dropped. */
export class LeaseLost extends Error {}

/** A sandbox duration in wall time, at the line's time scale. */
export const scaled = (deps: CallDeps, ms: number) =>
  Math.max(1, Math.round(ms / deps.settings.timeScale));

/** Writes a step's result only while this worker's lease on the call still stands. */
export async function updateLeased(
  db: Executor,
  call: CallRow,
  values: Partial<CallRow>,
): Promise<void> {
  const updated = await db
    .update(schema.calls)
    .set({ ...values, leaseToken: null, leaseUntil: null })
    .where(and(eq(schema.calls.id, call.id), eq(schema.calls.leaseToken, call.leaseToken!)))
    .returning({ id: schema.calls.id });
  if (updated.length === 0) throw new LeaseLost();
}

/** Ends the call while this worker holds its lease (a completed call gets its summary and analysis). */
export async function endLeased(
  deps: CallDeps,
  call: CallRow,
  ending: CallEnding,
  context?: AgentContext,
) {
  const results =
    ending.queueStatus === 'complete' && context && context.turns.length > 0
      ? await callResults(deps, call, context)
      : { summary: null };
  const ended = await endCall(
    deps,
    call.id,
    { ...ending, ...results },
    { leaseToken: call.leaseToken },
  );
  if (ended === 'lease-lost') throw new LeaseLost();
}
