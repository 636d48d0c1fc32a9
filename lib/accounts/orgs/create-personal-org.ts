import type { Db } from '../../adapters/db';
import { createOwnedOrg } from './create-owned-org';
import type { StartingCredit } from './insert-org';

/**
 * The organization a sign-up starts with: an `organizations` row like an admin-created one, the
 * configured starting credit (which never counts toward the $5 unlock) and the user as owner.
 * Organizations a member creates later start without credit.
 */
export function createPersonalOrg(
  db: Db,
  user: { id: string; name: string; email: string },
  startingCredit: StartingCredit | null,
  now: Date,
): Promise<string> {
  const label = user.name.trim() || user.email.split('@')[0] || 'My';
  return createOwnedOrg(db, user, `${label}'s organization`, startingCredit, 'sign-up', now);
}
