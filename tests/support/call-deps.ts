import { and, eq, inArray, min } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { ScriptedAgent, type AgentBrain } from '@/lib/adapters/agent-brain';
import { runDueWork } from '@/lib/calls/run-due-work';
import type { CallDeps, CallRow, CallSettings } from '@/lib/calls/types';
import { schema, type Db } from '@/lib/adapters/db';
import { createOrg } from '@/lib/composition/create-org';
import { createSpeechEngine, type SpeechEngine } from '@/lib/adapters/speech-engine';
import { EmbeddedStore, type Store } from '@/lib/adapters/store';
import { SandboxCallProvider } from '@/lib/adapters/telephony';
import {
  WebhookError,
  type WebhookDelivery,
  type WebhookResult,
  type WebhookSender,
} from '@/lib/adapters/webhooks';
import { openForSuite, type TestDatabase } from './databases';
import { virtualClock, type VirtualClock } from './virtual-clock';

/** The clock of the simulated line: it moves only when the test moves it. */
export type ControlledClock = VirtualClock;

/**
 * The line's clock, moved by hand. `sleep` (used by an idempotency twin polling for its holder)
 * yields to the event loop in real time without moving the line's clock, so a twin waits for
 * the real database work of its holder.
 */
export const controlledClock = (start = Date.parse('2026-11-05T09:00:00Z')): ControlledClock =>
  virtualClock(start, { sleep: 'yield' });

/** What the fake receiver answers: 2xx, an HTTP error status, or no answer at all. */
export type ReceiverAnswer = { status: number } | { error: string };

/** A webhook sender (the port) that records every delivery and answers as told. */
export function recordingCallWebhooks(): WebhookSender & {
  sent: WebhookDelivery[];
  answer: ReceiverAnswer;
} {
  const sender = {
    kind: 'outbox' as const,
    description: 'recording (test)',
    sent: [] as WebhookDelivery[],
    answer: { status: 200 } as ReceiverAnswer,
    send(delivery: WebhookDelivery): Promise<WebhookResult> {
      sender.sent.push(delivery);
      const answer = sender.answer;
      if ('error' in answer) return Promise.reject(new WebhookError(answer.error));
      if (answer.status >= 200 && answer.status < 300) {
        return Promise.resolve({ status: answer.status, ms: 7 });
      }
      return Promise.reject(
        new WebhookError(`${delivery.url} answered ${answer.status}`, answer.status, 7),
      );
    },
  };
  return sender;
}

export const TEST_CALL_SETTINGS: CallSettings = {
  pricePerMinuteMicros: 90_000,
  timeScale: 1000,
  urlSigningKey: 'k'.repeat(32),
  allowIps: [],
};

export type TestCallDeps = CallDeps & {
  clock: ControlledClock;
  webhooks: ReturnType<typeof recordingCallWebhooks>;
};

/** Call deps on a real database and speech engine, with the sandbox line and scripted agent. */
export function testCallDeps(
  db: Db,
  speech: SpeechEngine,
  over: { clock?: ControlledClock; store?: Store; brain?: AgentBrain } = {},
): TestCallDeps {
  const clock = over.clock ?? controlledClock();
  return {
    db,
    store: over.store ?? new EmbeddedStore({}),
    clock,
    speech,
    provider: new SandboxCallProvider(),
    brain: over.brain ?? new ScriptedAgent(),
    webhooks: recordingCallWebhooks(),
    settings: TEST_CALL_SETTINGS,
  };
}

/** When the next step of any of these calls is due, or null when none has one. */
async function nextDue(db: Db, callIds: string[]): Promise<number | null> {
  const [row] = await db
    .select({ at: min(schema.calls.nextStepAt) })
    .from(schema.calls)
    .where(
      and(
        inArray(schema.calls.id, callIds),
        inArray(schema.calls.queueStatus, ['queued', 'started']),
      ),
    );
  return row?.at ? row.at.getTime() : null;
}

/**
 * Runs due work, moving the clock to each next step, until these calls have all ended.
 * `afterPass` sees the state between passes (for invariants such as the concurrency cap).
 */
export async function playCalls(
  deps: TestCallDeps,
  callIds: string[],
  options: { afterPass?: () => Promise<void>; maxPasses?: number } = {},
): Promise<number> {
  const maxPasses = options.maxPasses ?? 2_000;
  for (let pass = 1; pass <= maxPasses; pass++) {
    const due = await nextDue(deps.db, callIds);
    if (due === null) return pass - 1;
    if (due > deps.clock.now()) deps.clock.set(due);
    await runDueWork(deps);
    await options.afterPass?.();
  }
  throw new Error(`calls still running after ${maxPasses} passes`);
}

/** The real speech engine for a test file: made before its tests, closed after them. */
export function speechEngineForFile(): { current: SpeechEngine } {
  const holder = {} as { current: SpeechEngine };
  beforeAll(() => {
    holder.current = createSpeechEngine();
  });
  afterAll(() => holder.current?.close());
  return holder;
}

/** Ends whatever calls a test left queued or running, so that the next one plays only its own. */
export async function endRunningCalls(db: Db): Promise<void> {
  await db
    .update(schema.calls)
    .set({ queueStatus: 'call_error', nextStepAt: null, leaseToken: null, leaseUntil: null })
    .where(inArray(schema.calls.queueStatus, ['queued', 'started']));
}

export interface CallSuite {
  db: Db;
  deps: TestCallDeps;
}

/**
 * The call suites' start inside a describe block per adapter: `adapter`'s database (openForSuite)
 * and call deps on it with the file's speech engine, handed to `ready` before the tests run.
 */
export function openCallSuite(
  adapter: { open(): Promise<TestDatabase> },
  speech: { current: SpeechEngine },
  ready: (suite: CallSuite) => void,
): void {
  openForSuite(adapter, (db) => ready({ db, deps: testCallDeps(db, speech.current) }));
}

/** A call's row as stored; a missing one fails the test. */
export async function callRow(db: Db, id: string): Promise<CallRow> {
  const [row] = await db.select().from(schema.calls).where(eq(schema.calls.id, id));
  if (!row) throw new Error(`no call ${id}`);
  return row;
}

/** A new org created at the line clock's time, with `creditMicros` of starting credit. */
export async function newCallOrg(
  deps: TestCallDeps,
  name: string,
  creditMicros = 10_000_000,
): Promise<string> {
  const now = new Date(deps.clock.now());
  return (await createOrg(deps.db, { name, startingCreditMicros: creditMicros }, now)).orgId;
}
