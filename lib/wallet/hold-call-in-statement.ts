import { sql, type SQL } from 'drizzle-orm';

/**
 * holdForCall as the head of one SQL statement, for the dispatch's hot path: `WITH wallet_hold`
 * locks the org's row, adds the hold, and yields one row (`minutes`, `held_micros`) when at least
 * one minute is payable and nothing is owed, none otherwise. The statement that follows (the
 * call's insert) selects from `wallet_hold`, so the hold and its call commit together or not at
 * all, and the row lock lasts one statement instead of a transaction's round trips. Same rule as
 * holdForCall: `ceil(max_duration)` minutes, cut to the whole minutes the free balance pays.
 *
 * Plain text with `$1` (the org's id), `$2` (the whole minutes wanted) and `$3` (the price per
 * minute, micro-dollars), so the statement it heads can be prepared once (the statement numbers
 * its own parameters from `$4`); WALLET_HOLD_PARAMS names them, walletHoldValues gives them.
 * walletHoldCtes gives the two CTEs alone, for a statement with CTEs of its own before them;
 * its `gate`, an SQL condition, must also hold for anything to be held.
 */
export const walletHoldCtes = (gate?: string) => `wallet_free AS (
      SELECT id, least($2::bigint, floor((balance_micros - held_micros) / $3::bigint)) AS minutes
        FROM organizations
       WHERE id = $1 AND owed_micros = 0${gate ? ` AND ${gate}` : ''}
         FOR UPDATE),
    wallet_hold AS (
      UPDATE organizations o
         SET held_micros = o.held_micros + f.minutes * $3::bigint
        FROM wallet_free f
       WHERE o.id = f.id AND f.minutes >= 1
   RETURNING f.minutes, f.minutes * $3::bigint AS held_micros)`;

export const WALLET_HOLD_HEAD = `WITH ${walletHoldCtes()}`;

export const WALLET_HOLD_PARAMS = ['holdOrgId', 'holdMinutes', 'holdPriceMicros'] as const;

export interface WalletHoldInput {
  orgId: string;
  maxDurationMinutes: number;
  pricePerMinuteMicros: number;
}

/** The head's values by WALLET_HOLD_PARAMS' names. */
export const walletHoldValues = (input: WalletHoldInput) => ({
  holdOrgId: input.orgId,
  holdMinutes: Math.ceil(input.maxDurationMinutes),
  holdPriceMicros: input.pricePerMinuteMicros,
});

/** The head as a drizzle fragment with its values bound, for a statement that is not prepared. */
export function walletHoldHead(input: WalletHoldInput): SQL {
  const values = walletHoldValues(input);
  // "text $1 text $3 …" → text and parameter numbers, alternating.
  const parts = WALLET_HOLD_HEAD.split(/\$([1-3])(?!\d)/);
  return sql.join(
    parts.map((part, i) =>
      i % 2 === 0 ? sql.raw(part) : sql`${values[WALLET_HOLD_PARAMS[Number(part) - 1]!]}`,
    ),
  );
}
