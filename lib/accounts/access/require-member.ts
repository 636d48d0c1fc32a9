import { and, eq } from 'drizzle-orm';
import { ApiError } from '../../platform/errors/api-error';
import { schema, type Executor } from '../../adapters/db';
import { roleAllows, type MemberAction, type MemberRole } from './permissions';

/**
 * The user's role in the organization when it allows `action`: 404 when they are not a member
 * (an org's existence is not revealed), 403 FORBIDDEN when their role does not allow it.
 */
export async function requireMember(
  db: Executor,
  userId: string,
  orgId: string,
  action: MemberAction,
): Promise<MemberRole> {
  const [row] = await db
    .select({ role: schema.orgMembers.role })
    .from(schema.orgMembers)
    .where(and(eq(schema.orgMembers.orgId, orgId), eq(schema.orgMembers.userId, userId)));
  if (!row)
    throw new ApiError('NOT_FOUND', { message: 'You are not a member of this organization.' });
  if (!roleAllows(row.role, action))
    throw new ApiError('FORBIDDEN', {
      message: `The ${row.role} role does not allow ${action} in this organization.`,
    });
  return row.role;
}
