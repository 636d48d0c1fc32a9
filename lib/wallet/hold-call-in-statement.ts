import { sql, type SQL } from 'drizzle-orm';

/**
 * holdForCall as the head of one SQL statement, for the dispatch's hot path: `WITH wallet_hold`
 * locks the org's row, adds the hold, and yields one row (`minutes`, `held_micros`) when at least
 * one minute is payable and nothing is owed, none otherwise. The statement that follows (the
 * call's insert) selects from `wallet_hold`, so the hold and its call commit together or not at
 * all, and the row lock lasts one statement instead of a transaction's round trips. Same rule as
 * holdForCall: `ceil(max_duration)` minutes, cut to the whole minutes the free balance pays.
 */
export function walletHoldHead(input: {
  orgId: string;
  maxDurationMinutes: number;
  pricePerMinuteMicros: number;
}): SQL {
  const price = input.pricePerMinuteMicros;
  const wanted = Math.ceil(input.maxDurationMinutes);
  return sql`WITH wallet_free AS (
      SELECT id, least(${wanted}::bigint, floor((balance_micros - held_micros) / ${price}::bigint)) AS minutes
        FROM organizations
       WHERE id = ${input.orgId} AND owed_micros = 0
         FOR UPDATE),
    wallet_hold AS (
      UPDATE organizations o
         SET held_micros = o.held_micros + f.minutes * ${price}::bigint
        FROM wallet_free f
       WHERE o.id = f.id AND f.minutes >= 1
   RETURNING f.minutes, f.minutes * ${price}::bigint AS held_micros)`;
}
