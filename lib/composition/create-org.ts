import type { Db } from '../adapters/db';
import { createOrg as createAccountsOrg, type CreatedOrg } from '../accounts';
import { grantStartingCredit } from '../wallet';

/**
 * A new organization with its first API key and, when given, a starting credit (ledgered): the
 * admin API's, the tests' and the benchmarks' way in. Accounts create the organization; the
 * credit is the wallet's move, wired here because accounts cannot import the wallet.
 */
export function createOrg(
  db: Db,
  input: { name: string; startingCreditMicros: number },
  now: Date,
): Promise<CreatedOrg> {
  const startingCredit = { micros: input.startingCreditMicros, grant: grantStartingCredit };
  return createAccountsOrg(db, { name: input.name, startingCredit }, now);
}
