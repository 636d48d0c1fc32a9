import type { ConnectOutcome } from './types';

/**
 * Published test numbers, as payment providers publish test cards: the last seven digits pick
 * the outcome on the sandbox line; every other valid number is answered by a person.
 */
export const testNumberOutcomes: Record<string, ConnectOutcome> = {
  '5550101': {
    kind: 'failed',
    ringMs: 30_000,
    answeredBy: 'no-answer',
    errorMessage: 'No answer: the line rang for 30 seconds.',
  },
  '5550102': {
    kind: 'failed',
    ringMs: 2_000,
    answeredBy: null,
    errorMessage: 'The line was busy.',
  },
  '5550103': {
    kind: 'voicemail',
    ringMs: 12_000,
    greeting: "Hi, you've reached my voicemail. Please leave a message after the tone.",
  },
  '5550104': {
    kind: 'failed',
    ringMs: 1_000,
    answeredBy: null,
    errorMessage: 'The number is not in service (carrier error 404).',
  },
};

/** Last seven digits of the test number whose callee asks to be removed from the list. */
export const OPT_OUT_NUMBER = '5550105';

/** Last seven digits of the test number answered by a keypad menu (a person after a choice). */
export const KEYPAD_MENU_NUMBER = '5550106';
/** Last seven digits of the test number whose callee asks to speak to a human (a transfer). */
export const WANTS_HUMAN_NUMBER = '5550107';

export function outcomeForNumber(e164: string): ConnectOutcome {
  return testNumberOutcomes[e164.slice(-7)] ?? { kind: 'human', ringMs: 4_000 };
}
