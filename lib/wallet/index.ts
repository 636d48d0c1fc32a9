// The wallet: the only code that writes an org's balance columns (balance, held, owed, deposits,
// starting credit) and the wallet ledger (a test under tests/unit enforces it). One function per
// move, each in the caller's transaction with its ledger row, keyed by the outside event.
export { applyLedgerEntry, type LedgerEntry, type LedgerResult } from './apply-ledger-entry';
export { chargeUpTo } from './charge-up-to';
export { credit } from './credit';
export { depositFunds } from './deposit-funds';
export { holdForCall, type CallHold } from './hold-call';
export { walletHoldHead } from './hold-call-in-statement';
export { ledgerBalance } from './ledger-balance';
export { lockWallet, type LockedWallet } from './lock-wallet';
export { settleCallHold } from './settle-call';
export { grantStartingCredit } from './starting-credit';
export { takeBack } from './take-back';
export { isUnlocked, UNLOCK_DEPOSITS_MICROS } from './unlock';
export { assertWalletUsable } from './assert-wallet-usable';
export { reserveKeySpend, settleKeySpend, type SpendingKey } from './key-spend-cap';
// What the wallet's neighbours read or start: limits, top-ups.
export type { BillingDeps } from './billing/types';
export { startTopUp } from './billing/start-top-up';
export {
  DEFAULT_CONCURRENT_CALLS,
  effectiveLimits,
  type OrgLimits,
} from './limits/effective-limits';
