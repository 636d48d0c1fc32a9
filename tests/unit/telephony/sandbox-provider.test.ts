import { describe, expect, it } from 'vitest';
import { SandboxCallProvider, type LineTurn } from '@/lib/adapters/telephony';

const provider = new SandboxCallProvider();

describe('SandboxCallProvider: test numbers', () => {
  it('555-0101 rings out with no answer', () => {
    expect(provider.connect('+14155550101')).toMatchObject({
      kind: 'failed',
      answeredBy: 'no-answer',
      errorMessage: expect.stringMatching(/no answer/i) as unknown,
    });
  });

  it('555-0102 is busy', () => {
    expect(provider.connect('+14155550102')).toMatchObject({
      kind: 'failed',
      answeredBy: null,
      errorMessage: expect.stringMatching(/busy/i) as unknown,
    });
  });

  it('555-0103 goes to voicemail with a greeting', () => {
    const outcome = provider.connect('+14155550103');
    expect(outcome.kind).toBe('voicemail');
    expect(outcome.kind === 'voicemail' && outcome.greeting).toMatch(/voicemail/i);
  });

  it('555-0104 is a call error with a message', () => {
    expect(provider.connect('+14155550104')).toMatchObject({
      kind: 'failed',
      errorMessage: expect.stringMatching(/not in service/i) as unknown,
    });
  });

  it('the same last seven digits give the same outcome in any country', () => {
    expect(provider.connect('+442075550103').kind).toBe('voicemail');
  });

  it.each(['+14155550123', '+14155550100', '+14155550105', '+442079460000', '+14155550110'])(
    '%s is answered by a person',
    (number) => {
      expect(provider.connect(number)).toEqual({
        kind: 'human',
        ringMs: expect.any(Number) as unknown,
      });
    },
  );

  it('says so on the record: a sandbox endpoint and a default caller id', () => {
    expect(provider.sandbox).toBe(true);
    expect(provider.endpointUrl).toMatch(/^sandbox:/);
    expect(provider.defaultFrom).toMatch(/^\+\d{8,15}$/);
  });
});

describe('SandboxCallProvider: the person on the line', () => {
  const agentSays = (...texts: string[]): LineTurn[] =>
    texts.flatMap((text, i) => [
      ...(i > 0 ? [{ user: 'user' as const, text: 'Okay.' }] : []),
      { user: 'assistant' as const, text },
    ]);

  it('answers first with "Hello?"', () => {
    expect(provider.recipientTurn({ callId: 'c1', turns: [] })).toBe('Hello?');
  });

  it('replies the same way for the same call and position', () => {
    const turns = agentSays('Hi, this is Ada.', 'I am calling about your order.');
    const first = provider.recipientTurn({ callId: 'call-a', turns });
    expect(provider.recipientTurn({ callId: 'call-a', turns })).toBe(first);
    expect(first).toEqual(expect.any(String));
  });

  it('varies its replies across calls', () => {
    const turns = agentSays('I am calling about your order.');
    const replies = new Set(
      Array.from({ length: 40 }, (_, i) => provider.recipientTurn({ callId: `call-${i}`, turns })),
    );
    expect(replies.size).toBeGreaterThan(1);
  });

  it('answers a question with a yes or no', () => {
    const replies = Array.from({ length: 20 }, (_, i) =>
      provider.recipientTurn({ callId: `q-${i}`, turns: agentSays('Is Tuesday fine?') }),
    );
    for (const reply of replies) expect(reply).toMatch(/^(Yes|I think so|No)\b/);
  });

  it('says bye once the agent says goodbye, and never hangs up first', () => {
    expect(
      provider.recipientTurn({ callId: 'c2', turns: agentSays('Thank you. Goodbye!') }),
    ).toMatch(/bye/i);
    expect(provider.recipientTurn({ callId: 'c2', turns: agentSays('Ok, bye.') })).toMatch(/bye/i);
    expect(provider.recipientTurn({ callId: 'c2', turns: agentSays('Maybe later.') })).not.toBe(
      null,
    );
  });
});
