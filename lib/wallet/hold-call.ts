import { eq, sql } from 'drizzle-orm';
import { ApiError } from '../platform/errors/api-error';
import { schema, type Executor } from '../adapters/db';
import { lockWallet } from './lock-wallet';

export interface CallHold {
  /** What is held, in micro-dollars: every minute the call may last, at the price per minute. */
  heldMicros: number;
  /** How long the call may last (minutes): its max_duration, or less when the wallet is short. */
  maxDurationMinutes: number;
  /** Whether the wallet cut max_duration (the agent tells the callee before the end). */
  cutByHold: boolean;
}

/**
 * Holds a call's worst case before it is dialled, inside the caller's transaction and under the
 * wallet's lock (so holds on any instance never add up past the balance): every started minute
 * of its max_duration, cut to the whole minutes the balance free of other holds can pay. With
 * less than one minute payable it throws 402 INSUFFICIENT_BALANCE; while the org owes, 402
 * WALLET_IN_DEBT. The caller records the hold on the call row (settled when it ends).
 */
export async function holdForCall(
  tx: Executor,
  input: { orgId: string; maxDurationMinutes: number; pricePerMinuteMicros: number },
): Promise<CallHold> {
  const price = input.pricePerMinuteMicros;
  const wanted = Math.ceil(input.maxDurationMinutes);
  const org = await lockWallet(tx, input.orgId);
  if (org.owed > 0) throw new ApiError('WALLET_IN_DEBT');
  if (price <= 0) {
    // Free calls: nothing to hold, only a wallet in use.
    if (org.balance <= 0) throw new ApiError('INSUFFICIENT_BALANCE');
    return { heldMicros: 0, maxDurationMinutes: input.maxDurationMinutes, cutByHold: false };
  }
  const payable = Math.floor((org.balance - org.held) / price);
  if (payable < 1) throw new ApiError('INSUFFICIENT_BALANCE');
  const minutes = Math.min(wanted, payable);
  const cutByHold = minutes < input.maxDurationMinutes;
  const heldMicros = minutes * price;
  const o = schema.organizations;
  await tx
    .update(o)
    .set({ heldMicros: sql`${o.heldMicros} + ${heldMicros}` })
    .where(eq(o.id, input.orgId));
  return {
    heldMicros,
    maxDurationMinutes: cutByHold ? minutes : input.maxDurationMinutes,
    cutByHold,
  };
}
