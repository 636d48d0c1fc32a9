import type { answeredByValues } from '@/schemas/call-voicemail';
import type { QueueStatus } from '../adapters/db/schema/calls';

/** A call's state in words, the same in every list, filter, chart and call page of the console. */
export const STATUS_WORDS: Record<QueueStatus, string> = {
  queued: 'Queued',
  started: 'In progress',
  complete: 'Complete',
  call_error: 'Error',
};

/** The word for a call's `queue_status`; nothing for an absent one. */
export const statusWord = (status: string | undefined): string =>
  status && status in STATUS_WORDS ? STATUS_WORDS[status as QueueStatus] : (status ?? '');

/** Who answered a call (`answered_by`) in words. */
const ANSWERED_BY_WORDS: Record<(typeof answeredByValues)[number], string> = {
  human: 'A person',
  voicemail: 'Voicemail',
  unknown: 'Unknown (detection could not tell)',
  'no-answer': 'Nobody (no answer)',
};

/** `answered_by` in words; — when the call has none. */
export const answeredByWord = (value: (typeof answeredByValues)[number] | null): string =>
  value === null ? '—' : ANSWERED_BY_WORDS[value];
