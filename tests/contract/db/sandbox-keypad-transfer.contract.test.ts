import { describe, expect, it } from 'vitest';
import { ScriptedAgent, type AgentContext } from '@/lib/adapters/agent-brain';
import type { LineTurn } from '@/lib/adapters/telephony';
import { CALL_ACTIONS } from '@/lib/calls/actions/registry';
import type { ActionOutcome } from '@/lib/calls/actions/types';
import { dispatchCall } from '@/lib/calls/dispatch-call';
import { runDueWork } from '@/lib/calls/run-due-work';
import {
  callRow,
  newCallOrg,
  openCallSuite,
  speechEngineForFile,
  type CallSuite,
} from '../../support/call-deps';
import { databaseAdapters } from '../../support/databases';

// The sandbox's keypad menu (555-0106) and the callee who asks for a human (555-0107), played
// turn by turn with the scripted agent (the embedded default) and the two CallActions on the
// sandbox line, as the stepper plays them: what the scripted far end says, what the agent does.

const speech = speechEngineForFile();
const brain = new ScriptedAgent();

describe.each(databaseAdapters)('sandbox keypad and transfer on $name', (adapter) => {
  let { db, deps } = {} as CallSuite;
  openCallSuite(adapter, speech, (opened) => ({ db, deps } = opened));

  /** Dispatches and dials a sandbox call, then plays `rounds` of far end, agent (and action). */
  async function play(body: Record<string, unknown>, rounds: number) {
    const orgId = await newCallOrg(deps, 'Sandbox actions');
    const { body: created } = await dispatchCall(deps, {
      orgId,
      body: { max_duration: 5, ...body },
      idempotencyKey: null,
      origin: 'https://api.test',
    });
    await runDueWork(deps);
    const call = await callRow(db, created.call_id);
    expect(call.queueStatus).toBe('started');
    const line = deps.provider.kind === 'sandbox' ? deps.provider : null;
    const turns: LineTurn[] = [{ user: 'assistant', text: 'Hello, this is an assistant.' }];
    const outcomes: ActionOutcome[] = [];
    const actions = CALL_ACTIONS.flatMap((action) => action.specs(call));
    for (let round = 0; round < rounds; round++) {
      const said = line!.recipientTurn({ callId: call.id, toNumber: call.toNumber, turns });
      if (said === null) break;
      turns.push({ user: 'user', text: said });
      const context: AgentContext = {
        task: call.task,
        firstSentence: null,
        voice: null,
        language: null,
        answeredBy: 'human',
        turns: [...turns],
        actions,
      };
      const reply = await brain.nextLine(context);
      if (reply.text) turns.push({ user: 'assistant', text: reply.text });
      if (!reply.action) continue;
      const runner = CALL_ACTIONS.find((a) =>
        a.specs(call).some((spec) => spec.name === reply.action!.name),
      )!;
      const outcome = await runner.run(reply.action, {
        call,
        line: 'sandbox',
        turns,
        signal: new AbortController().signal,
        say: async (text) => void turns.push({ user: 'assistant', text }),
        deps: { db, clock: deps.clock, allowIps: [], urlSigningKey: 'unused-in-the-sandbox' },
      });
      outcomes.push(outcome);
      turns.push({ user: 'agent-action', text: outcome.line });
      if (outcome.next === 'leave') break;
    }
    return { turns, outcomes, row: await callRow(db, call.id) };
  }

  it('555-0106: the menu asks for a key, the agent presses the one its task names, a person of that team answers', async () => {
    const { turns } = await play(
      { phone_number: '+14155550106', task: 'Reach support about a broken router.' },
      3,
    );
    expect(turns.slice(1, 5)).toEqual([
      { user: 'user', text: 'Thank you for calling. Press 1 for sales, 2 for support.' },
      { user: 'agent-action', text: 'pressed 2' },
      { user: 'user', text: 'Hi, this is support, how can I help?' },
      { user: 'assistant', text: 'Reach support about a broken router.' },
    ]);
  });

  it('555-0107 with a transfer number: the callee asks for a human, the agent transfers them (simulated)', async () => {
    const { turns, outcomes, row } = await play(
      {
        phone_number: '+14155550107',
        task: 'Ask about the renewal.',
        transfer_list: { sales: '+14155550111', support: '+14155550112' },
      },
      3,
    );
    expect(turns[1]).toEqual({
      user: 'user',
      text: 'Sorry, I would rather not talk to a machine. Can I speak to a human, please?',
    });
    expect(outcomes).toEqual([
      {
        line: 'transferred to sales (+14155550111) (cold, simulated): "Hi, this is sales, how can I help?"',
        result: 'The caller was transferred to sales.',
        next: 'leave',
      },
    ]);
    expect(row.transferredTo).toBe('+14155550111');
    expect(row.transferredAt).toBeInstanceOf(Date);
  });

  it('555-0107 without a transfer number: no transfer is offered, the agent talks on', async () => {
    const { outcomes, row } = await play(
      { phone_number: '+14155550107', task: 'Ask about the renewal.' },
      3,
    );
    expect(outcomes).toEqual([]);
    expect(row.transferredTo).toBeNull();
  });

  it('a warm transfer to a sandbox number nobody answers: the caller is told, the call goes on', async () => {
    const { turns, outcomes, row } = await play(
      {
        phone_number: '+14155550107',
        task: 'Ask about the renewal.',
        transfer_phone_number: '+14155550101',
        transfer_mode: 'warm',
      },
      1,
    );
    expect(outcomes[0]).toMatchObject({ line: 'transfer to +14155550101 not answered' });
    expect(outcomes[0]!.next).toBeUndefined();
    expect(turns).toContainEqual({
      user: 'assistant',
      text: "I'm sorry, a colleague isn't answering right now.",
    });
    expect(row.transferredTo).toBeNull();
  });
});
