import type { Db } from '../../adapters/db';
import { insertOrg, type StartingCredit } from './insert-org';
import { issueApiKey, type IssuedKey } from './issue-api-key';

export interface CreatedOrg extends IssuedKey {
  orgId: string;
}

/** A new organization with its first API key and, when given, a starting credit (ledgered). */
export async function createOrg(
  db: Db,
  input: { name: string; startingCredit: StartingCredit | null },
  now: Date,
): Promise<CreatedOrg> {
  return db.transaction(async (tx) => {
    const orgId = await insertOrg(tx, input, now);
    const key = await issueApiKey(tx, orgId, now);
    return { orgId, ...key };
  });
}
