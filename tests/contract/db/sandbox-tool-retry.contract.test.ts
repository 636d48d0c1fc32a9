import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@/lib/adapters/db';
import { claimToolCall, UNSETTLED_OUTPUT } from '@/lib/calls/actions/tool-call-rows';
import { dispatchCall } from '@/lib/calls/dispatch-call';
import { actOnSandbox } from '@/lib/calls/lifecycle/sandbox-action';
import { LeaseLost } from '@/lib/calls/lifecycle/step-lease';
import { readAgentContext } from '@/lib/calls/read-agent-context';
import { runDueWork } from '@/lib/calls/run-due-work';
import type { CallDeps, SandboxLineState } from '@/lib/calls/types';
import {
  callRow,
  newCallOrg,
  openCallSuite,
  speechEngineForFile,
  type CallSuite,
} from '../../support/call-deps';
import { databaseAdapters } from '../../support/databases';
import { virtualClock } from '../../support/virtual-clock';

// A sandbox step that runs a tool and is run again (its worker died after the tool answered and
// before the step's write, or its lease lapsed): the customer's API is called once per step, and
// the step run again writes the first run's answer.

const speech = speechEngineForFile();
let requests = 0;
const customer = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    requests++;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ status: 'shipped', eta: 'Tuesday' }));
  });
});
let base = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => customer.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(customer.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => customer.close(resolve)));

describe.each(databaseAdapters)(
  'a sandbox step run again calls its tool once, on $name',
  (adapter) => {
    let { db, deps: suiteDeps } = {} as CallSuite;
    openCallSuite(adapter, speech, (opened) => ({ db, deps: suiteDeps } = opened));
    const depsOf = (): CallDeps => ({
      ...suiteDeps,
      settings: { ...suiteDeps.settings, allowIps: ['127.0.0.1'] },
    });

    /** A dialled sandbox call with one tool, leased to this test's "worker" as token `L1`. */
    async function leasedCall() {
      const deps = depsOf();
      const orgId = await newCallOrg(suiteDeps, 'Tool retries');
      const { body } = await dispatchCall(deps, {
        orgId,
        body: {
          phone_number: '+14155550123',
          task: 'Answer questions about orders.',
          max_duration: 5,
          tools: [
            {
              name: 'check_order',
              description: 'Looks up an order.',
              input_schema: { type: 'object', properties: { order: { type: 'string' } } },
              url: `${base}/orders`,
              speech: 'Let me look that up.',
            },
          ],
        },
        idempotencyKey: null,
        origin: 'https://api.test',
      });
      await runDueWork(deps);
      await db
        .update(schema.calls)
        .set({ leaseToken: 'L1', leaseUntil: new Date(deps.clock.now() + 15_000) })
        .where(eq(schema.calls.id, body.call_id));
      const call = await callRow(db, body.call_id);
      expect(call.queueStatus).toBe('started');
      const state = call.lineState as SandboxLineState;
      // The step's own clock: the tool's timeout waits until a test moves it (never, here), so
      // the local API always answers first.
      const stepDeps: CallDeps = { ...deps, clock: virtualClock(deps.clock.now()) };
      return { deps: stepDeps, call, state, context: await readAgentContext(db, call) };
    }

    const action = { name: 'check_order', input: { order: 'A-1' } };
    const linesOf = async (callId: string) =>
      (
        await db
          .select()
          .from(schema.transcripts)
          .where(eq(schema.transcripts.callId, callId))
          .orderBy(schema.transcripts.seq)
      ).map((t) => `${t.user}: ${t.text}`);

    it('the tool answered, the step did not commit: run again, it writes that answer without calling again', async () => {
      const { deps, call, state, context } = await leasedCall();
      const before = requests;
      const earlier = await linesOf(call.id);
      // The first run loses its lease after the tool answered: nothing of the step is written.
      await expect(
        actOnSandbox(deps, { ...call, leaseToken: 'lapsed' }, state, context, action),
      ).rejects.toBeInstanceOf(LeaseLost);
      expect(requests).toBe(before + 1);
      expect(await linesOf(call.id)).toEqual(earlier);

      await actOnSandbox(deps, call, state, context, action);
      expect(requests).toBe(before + 1);
      expect(await linesOf(call.id)).toEqual([
        ...earlier,
        'assistant: Let me look that up.',
        'agent-action: check_order: ok (200)',
      ]);
      const after = await callRow(db, call.id);
      const results = (after.lineState as SandboxLineState).actionResults!;
      expect(results[String(state.seq + 1)]).toContain('"eta":"Tuesday"');
      const rows = await db
        .select()
        .from(schema.callToolCalls)
        .where(eq(schema.callToolCalls.callId, call.id));
      expect(rows).toMatchObject([
        { name: 'check_order', status: 'ok', httpStatus: 200, step: state.seq },
      ]);
    });

    it('the worker died while the tool was asked: run again, the model hears its outcome is unknown, no second call', async () => {
      const { deps, call, state, context } = await leasedCall();
      const before = requests;
      await claimToolCall(db, {
        callId: call.id,
        step: state.seq,
        name: 'check_order',
        input: action.input,
        at: new Date(deps.clock.now()),
      });
      await actOnSandbox(deps, call, state, context, action);
      expect(requests).toBe(before);
      expect((await linesOf(call.id)).at(-1)).toBe('agent-action: check_order: failed');
      const results = ((await callRow(db, call.id)).lineState as SandboxLineState).actionResults!;
      expect(results[String(state.seq + 1)]).toContain(UNSETTLED_OUTPUT);
    });
  },
);
