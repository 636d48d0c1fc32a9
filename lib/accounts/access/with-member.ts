import type { AuditActor } from '../audit/record-audit';
import type { SessionUser } from '../auth/current-session';
import { requireSessionUser } from '../auth/require-session-user';
import { getDb, type Db } from '../../adapters/db';
import { clientIp } from '../../platform/http/client-ip';
import type { Handler, HandlerContext } from '../../platform/http/define-route';
import { uuidParam } from '../../platform/http/path-id';
import type { MemberAction, MemberRole } from './permissions';
import { requireMember } from './require-member';

/** A console route's request once its signed-in user is known to be a member allowed to act. */
export interface MemberContext extends HandlerContext {
  user: SessionUser;
  /** The `{org_id}` path segment, lower-cased. */
  orgId: string;
  role: MemberRole;
  db: Db;
  /** The member as the audit log names them. */
  actor: AuditActor;
}

/** The action a request needs, when it depends on who asks (leaving an org needs no permission). */
type ActionOf = MemberAction | ((context: HandlerContext & { user: SessionUser }) => MemberAction);

/**
 * A console route handler under /console/api/orgs/{org_id}: the session (401, or 403 from another
 * site), then the membership (404 for a non-member, 403 when the role does not allow `action`),
 * in that order, before `handler` runs.
 */
export function withMember(
  action: ActionOf,
  handler: (context: MemberContext) => Promise<Response>,
): Handler {
  return async (context) => {
    const user = await requireSessionUser(context.request);
    const db = await getDb();
    const orgId = uuidParam(context.params, 'org_id');
    const needed = typeof action === 'function' ? action({ ...context, user }) : action;
    const role = await requireMember(db, user.id, orgId, needed);
    const actor: AuditActor = { type: 'user', id: user.id, ip: clientIp(context.request.headers) };
    return handler({ ...context, user, orgId, role, db, actor });
  };
}
