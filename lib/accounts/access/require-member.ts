import { and, eq } from 'drizzle-orm';
import { ApiError } from '../../platform/errors/api-error';
import { schema, type Executor } from '../../adapters/db';
import { selectMemberOrgs, type MemberOrg } from '../orgs/list-member-orgs';
import { roleAllows, type MemberAction, type MemberRole } from './permissions';

/**
 * The one membership check: the organization as the user sees it (name, balance, their role), or
 * null when they are not a member. Routes refuse through `requireMember` below, console pages
 * through `consoleOrg` (a 404 page); neither reveals whether the organization exists.
 */
export async function findMembership(
  db: Executor,
  userId: string,
  orgId: string,
): Promise<MemberOrg | null> {
  const [row] = await selectMemberOrgs(db).where(
    and(eq(schema.orgMembers.orgId, orgId), eq(schema.orgMembers.userId, userId)),
  );
  return row ?? null;
}

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
  const member = await findMembership(db, userId, orgId);
  if (!member)
    throw new ApiError('NOT_FOUND', { message: 'You are not a member of this organization.' });
  if (!roleAllows(member.role, action))
    throw new ApiError('FORBIDDEN', {
      message: `The ${member.role} role does not allow ${action} in this organization.`,
    });
  return member.role;
}
