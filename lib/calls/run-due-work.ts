import { attemptDelivery, claimDueDeliveries } from './webhooks/deliver-due-webhooks';
import { startDueAutoTopUps } from '../wallet/billing/auto-top-up/run-due-auto-top-ups';
import { refundAbandonedSpeech } from '../speech/refund-abandoned-speech';
import { claimDueCalls } from './claim-due-calls';
import { playCallStep } from './lifecycle/call-step';
import type { CallDeps } from './types';

const BATCH = 8;

export interface DueWork {
  steps: number;
  deliveries: number;
  /** Speech reservations whose holder died, refunded. */
  refunds: number;
  /** Auto top-up attempts started and low-balance mails sent. */
  billing: number;
}

/** One claimed item of work, already running. */
export interface RunningItem {
  /** The call a step belongs to (absent for a delivery). */
  callId?: string;
  done: Promise<void>;
}

/**
 * Claims what is due (up to `limit` call steps and `limit` deliveries, none of the `busy` calls)
 * and starts it without waiting for it: one slow upstream (a model or a webhook receiver that
 * hangs) then holds up only its own item. With `sweep` (the default), abandoned speech
 * reservations are refunded meanwhile and due auto top-ups started (the scheduler sweeps less
 * often than it looks for call steps). A phase that fails (the database went away) is returned
 * as `error` beside what did start, so the caller still tracks every running item.
 */
export async function startDueWork(
  deps: CallDeps,
  options: { limit?: number; busy?: readonly string[]; sweep?: boolean } = {},
): Promise<DueWork & { running: RunningItem[]; error?: unknown }> {
  const limit = options.limit ?? BATCH;
  const now = new Date(deps.clock.now());
  const started = {
    steps: 0,
    deliveries: 0,
    refunds: 0,
    billing: 0,
    running: [] as RunningItem[],
  };
  try {
    const calls = await claimDueCalls(deps.db, now, limit, options.busy);
    started.steps = calls.length;
    for (const call of calls)
      started.running.push({ callId: call.id, done: playCallStep(deps, call) });
    const deliveries = await claimDueDeliveries(deps.db, now, limit);
    started.deliveries = deliveries.length;
    for (const delivery of deliveries)
      started.running.push({ done: attemptDelivery(deps, delivery) });
    if (options.sweep === false) return started;
    started.refunds = await refundAbandonedSpeech(deps.db, now, BATCH);
    if (deps.billing) {
      const billing = await startDueAutoTopUps(deps.billing, limit);
      started.billing = billing.started + billing.mailed;
      for (const done of billing.running) started.running.push({ done });
    }
    return started;
  } catch (error) {
    return { ...started, error };
  }
}

/**
 * One pass over what is due: call steps, webhook deliveries and abandoned speech reservations,
 * waiting for all of it. Returns how much ran.
 */
export async function runDueWork(deps: CallDeps): Promise<DueWork> {
  const { running, error, ...done } = await startDueWork(deps);
  await Promise.all(running.map((item) => item.done));
  if (error) throw error;
  return done;
}

/** Runs passes until nothing is due or the budget is spent (for the cron route). */
export async function runDueWorkFor(deps: CallDeps, budgetMs: number): Promise<DueWork> {
  const deadline = deps.clock.now() + budgetMs;
  const total = { steps: 0, deliveries: 0, refunds: 0, billing: 0 };
  while (deps.clock.now() < deadline) {
    const done = await runDueWork(deps);
    total.steps += done.steps;
    total.deliveries += done.deliveries;
    total.refunds += done.refunds;
    total.billing += done.billing;
    if (done.steps + done.deliveries + done.refunds + done.billing === 0) break;
  }
  return total;
}
