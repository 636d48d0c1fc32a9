import type { Db } from '../../adapters/db';
import type { PaymentProvider } from '../../adapters/payments/types';
import type { Clock } from '../../platform/runtime/clock';

export interface BillingDeps {
  db: Db;
  payments: PaymentProvider;
  clock: Clock;
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
