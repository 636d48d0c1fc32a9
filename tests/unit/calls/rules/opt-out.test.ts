import { describe, expect, it } from 'vitest';
import { ScriptedAgent } from '@/lib/adapters/agent-brain';
import { asksNotToBeCalled } from '@/lib/adapters/agent-brain/opt-out-phrases';
import { SandboxCallProvider } from '@/lib/adapters/telephony';

describe('asksNotToBeCalled', () => {
  it.each([
    'Stop calling me.',
    'Please take me off your list.',
    "Don't call this number again.",
    'Do not call me anymore',
    'Remove my number, please.',
    'Put me on your do-not-call list.',
    'I want to unsubscribe.',
  ])('hears "%s"', (line) => expect(asksNotToBeCalled(line)).toBe(true));

  it.each([
    'Sure, that works for me.',
    'Can you call me back tomorrow?',
    'I stopped by the office yesterday.',
    "Don't worry, I'll be there.",
  ])('does not hear an opt-out in "%s"', (line) => expect(asksNotToBeCalled(line)).toBe(false));
});

describe('an opt-out on the sandbox line', () => {
  it('the 555-0105 callee asks to be removed; the scripted agent confirms in one line and ends', async () => {
    const line = new SandboxCallProvider();
    const opening = { user: 'assistant' as const, text: 'Hello, this is Ava.' };
    const said = line.recipientTurn({ callId: 'c', toNumber: '+17185550105', turns: [opening] });
    expect(said).toMatch(/take me off your list/);
    const reply = await new ScriptedAgent().nextLine({
      task: 'Confirm the appointment.',
      firstSentence: null,
      voice: null,
      language: null,
      answeredBy: 'human',
      turns: [opening, { user: 'user', text: said! }],
    });
    expect(reply).toMatchObject({ end: true, optOut: true });
    expect(reply.text).toMatch(/not be called again/);
  });

  it('other numbers play the ordinary callee', () => {
    const line = new SandboxCallProvider();
    const opening = { user: 'assistant' as const, text: 'Hello, this is Ava.' };
    const said = line.recipientTurn({ callId: 'c', toNumber: '+17185550123', turns: [opening] });
    expect(asksNotToBeCalled(said!)).toBe(false);
  });
});
