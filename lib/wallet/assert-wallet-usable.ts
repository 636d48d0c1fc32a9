import { ApiError } from '../platform/errors/api-error';

/**
 * New calls and speech need money in the wallet and nothing owed: while a refund or dispute
 * left a debt, they are refused until a top-up covers it.
 */
export function assertWalletUsable(wallet: { balanceMicros: number; owedMicros: number }): void {
  if (wallet.owedMicros > 0) throw new ApiError('WALLET_IN_DEBT');
  if (wallet.balanceMicros <= 0) throw new ApiError('INSUFFICIENT_BALANCE');
}
