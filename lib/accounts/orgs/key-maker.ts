import { and, eq } from 'drizzle-orm';
import { scopesBeyondRole, type MemberRole } from '../access/permissions';
import { ApiError } from '../../platform/errors/api-error';
import { schema, type Executor } from '../../adapters/db';

/**
 * The role of a key's maker in the org now; NULL when they are not a member. Read under a share
 * lock on the membership: a demotion or removal running at the same time waits for the new key
 * (and then cuts it) instead of missing it.
 */
export async function makerRole(
  tx: Executor,
  orgId: string,
  userId: string,
): Promise<MemberRole | null> {
  const [row] = await tx
    .select({ role: schema.orgMembers.role })
    .from(schema.orgMembers)
    .where(and(eq(schema.orgMembers.orgId, orgId), eq(schema.orgMembers.userId, userId)))
    .for('share');
  return row?.role ?? null;
}

/** 403 SCOPE_NOT_ALLOWED naming every scope of `scopes` the role may not give a key. */
export function requireScopesWithinRole(scopes: readonly string[], role: MemberRole): void {
  const beyond = scopesBeyondRole(scopes, role);
  if (beyond.length === 0) return;
  throw new ApiError('SCOPE_NOT_ALLOWED', {
    message: `The ${role} role cannot give a key ${beyond.join(', ')}.`,
    field: 'scopes',
  });
}
