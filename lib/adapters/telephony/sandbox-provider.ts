import { createHash } from 'node:crypto';
import { OPT_OUT_NUMBER, outcomeForNumber } from './test-numbers';
import { testNumberTurn } from './sandbox-scripts';
import type { ConnectOutcome, LineTurn, SandboxLine } from './types';

const REPLIES = [
  'Sure, that works for me.',
  'Okay. Can you tell me a little more?',
  'Yes, I understand.',
  'Alright, go ahead.',
  'Hmm, let me think. Yes, that should be fine.',
];

/** What the sandbox's scripted caller asks when the agent answers. */
export const INBOUND_QUESTION = 'Hi, I am calling to ask when you are open this week.';

/** Deterministic per call and position, so a replayed step says the same thing. */
function pick<T>(items: readonly T[], seed: string): T {
  const n = createHash('sha256').update(seed).digest().readUInt32BE(0);
  return items[n % items.length]!;
}

/**
 * A simulated line: no phone network is reached. The far end is a scripted person who answers
 * (or not, for the test numbers), replies to each line of the agent and says goodbye last.
 */
export class SandboxCallProvider implements SandboxLine {
  readonly kind = 'sandbox' as const;
  readonly sandbox = true;
  readonly endpointUrl = 'sandbox://simulated-line';
  readonly defaultFrom = '+15005550006';
  readonly description = 'sandbox line (simulated; no real calls are placed)';

  connect(toNumber: string): ConnectOutcome {
    return outcomeForNumber(toNumber);
  }

  recipientTurn(context: {
    callId: string;
    toNumber?: string;
    inbound?: boolean;
    turns: LineTurn[];
  }): string | null {
    // 555-0106 a keypad menu, 555-0107 a person who asks for a human.
    const scripted = context.inbound ? undefined : testNumberTurn(context.toNumber, context.turns);
    if (scripted !== undefined) return scripted;
    const last = context.turns.at(-1);
    if (!last) return 'Hello?';
    // The scripted caller of a sandbox test call rang with a question, asked after the greeting.
    if (context.inbound && context.turns.filter((t) => t.user === 'user').length === 0) {
      return INBOUND_QUESTION;
    }
    // The test number 555-0105 plays a callee who wants no more calls.
    if (context.toNumber?.endsWith(OPT_OUT_NUMBER))
      return 'Please take me off your list and stop calling me.';
    if (/goodbye|bye\b/i.test(last.text)) return 'Thanks, bye!';
    if (last.text.trim().endsWith('?')) {
      return pick(
        ['Yes, that is right.', 'I think so, yes.', 'No, not really.'],
        `${context.callId}:${context.turns.length}`,
      );
    }
    return pick(REPLIES, `${context.callId}:${context.turns.length}`);
  }
}
