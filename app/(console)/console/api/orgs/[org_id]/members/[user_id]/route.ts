// PATCH /console/api/orgs/{org_id}/members/{user_id} — change a role; DELETE — remove a member (or leave).
import { requireMember } from '@/lib/access/require-member';
import { requireSessionUser } from '@/lib/auth/require-session-user';
import { getDb } from '@/lib/db';
import {
  clientIp,
  defineRoute,
  parseBody,
  readJson,
  uuidParam,
  type HandlerContext,
} from '@/lib/http';
import { changeMember } from '@/lib/members/change-member';
import { MemberPatch } from '@/schemas/accounts';

export const dynamic = 'force-dynamic';

async function change({ request, params }: HandlerContext, patch: boolean): Promise<Response> {
  const user = await requireSessionUser(request);
  const db = await getDb();
  const orgId = uuidParam(params, 'org_id');
  const userId = typeof params.user_id === 'string' ? params.user_id : '';
  // Leaving needs no permission; everything else needs members.manage.
  const leaving = !patch && userId === user.id;
  const actorRole = await requireMember(
    db,
    user.id,
    orgId,
    leaving ? 'org.read' : 'members.manage',
  );
  const role = patch ? parseBody(MemberPatch, await readJson(request, 'INVALID_BODY')).role : null;
  await changeMember(
    db,
    { orgId, userId, role, actorRole: leaving ? 'owner' : actorRole },
    { type: 'user', id: user.id, ip: clientIp(request.headers) },
    new Date(),
  );
  return Response.json({ user_id: userId, role });
}

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  PATCH: (context) => change(context, true),
  DELETE: (context) => change(context, false),
});
