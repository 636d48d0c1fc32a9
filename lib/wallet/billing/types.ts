import type { Ports } from '../../adapters/ports';

export interface BillingDeps extends Pick<Ports, 'db' | 'payments' | 'clock'> {
  settings: { minTopUpMicros: number; maxTopUpMicros: number };
}

/** What applying one payment event did (the webhook answers 200 in every case). */
export type EventOutcome =
  | 'credited'
  | 'already_applied'
  | 'taken_back'
  | 'given_back'
  | 'declined'
  | 'receipt_saved'
  | 'not_ours'
  | 'held'
  | 'ignored'
  /** A paid session whose amount or currency is not the top-up's: not credited (audited). */
  | 'amount_mismatch';
