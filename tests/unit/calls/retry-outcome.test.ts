import { describe, expect, it } from 'vitest';
import { retryOutcomeOf } from '@/lib/calls/scheduling/queue-retry';
import type { CallRow } from '@/lib/calls/types';

// Which endings a retry policy can name, read from the ended call's row as both lines write it
// (the sandbox's test numbers and Twilio's final statuses share their wording).

const started = new Date('2026-11-04T17:00:00Z');
const ended = (row: Partial<CallRow>): CallRow =>
  ({
    queueStatus: 'call_error',
    callEndedBy: 'SYSTEM',
    optedOut: false,
    answeredBy: null,
    startedAt: started,
    errorMessage: null,
    ...row,
  }) as CallRow;

describe('retryOutcomeOf', () => {
  it.each([
    ['no answer', ended({ answeredBy: 'no-answer' }), 'no-answer'],
    ['a busy line', ended({ errorMessage: 'The line was busy.' }), 'busy'],
    [
      'a number not in service',
      ended({ errorMessage: 'The number is not in service (carrier error 404).' }),
      'failed',
    ],
    ['a message left', ended({ queueStatus: 'complete', answeredBy: 'voicemail' }), 'voicemail'],
    ['a conversation', ended({ queueStatus: 'complete', answeredBy: 'human' }), null],
    ['a conversation cut by a failure', ended({ answeredBy: 'human', errorMessage: 'x' }), null],
    [
      'a stop',
      ended({ queueStatus: 'complete', callEndedBy: 'API', answeredBy: 'no-answer' }),
      null,
    ],
    ['an opt-out', ended({ queueStatus: 'complete', answeredBy: 'human', optedOut: true }), null],
    [
      'a refusal before the line (a do-not-call listing)',
      ended({ startedAt: null, errorMessage: 'NUMBER_ON_DNC_LIST: listed.' }),
      null,
    ],
  ] as const)('%s → %s', (_, row, outcome) => {
    expect(retryOutcomeOf(row)).toBe(outcome);
  });
});
