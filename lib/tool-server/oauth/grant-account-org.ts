import { and, eq, isNull } from 'drizzle-orm';
import { roleAllows } from '../../accounts';
import { schema, type Executor } from '../../adapters/db';
import { parseGrantAccount } from './grant-account';

/**
 * The organization a grant's account acts for, or null once it may no longer hold tokens: the
 * member left or lost a role that may approve OAuth clients, or the approving API key (grants
 * from before member consent) was revoked.
 */
export async function grantAccountOrg(db: Executor, accountId: string): Promise<string | null> {
  const account = parseGrantAccount(accountId);
  if (account.kind === 'member') {
    const [member] = await db
      .select({ role: schema.orgMembers.role })
      .from(schema.orgMembers)
      .where(
        and(
          eq(schema.orgMembers.orgId, account.orgId),
          eq(schema.orgMembers.userId, account.userId),
        ),
      );
    return member && roleAllows(member.role, 'oauth.approve') ? account.orgId : null;
  }
  const [key] = await db
    .select({ orgId: schema.apiKeys.orgId })
    .from(schema.apiKeys)
    .where(and(eq(schema.apiKeys.id, account.keyId), isNull(schema.apiKeys.revokedAt)));
  return key?.orgId ?? null;
}
