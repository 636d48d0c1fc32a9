// PATCH /console/api/orgs/{org_id}/members/{user_id} — change a role; DELETE — remove a member (or leave). Their keys are cut to match; the owners are mailed.
import { withMember, type MemberContext } from '@/lib/accounts/access/with-member';
import { defineRoute, parseBody, publicOrigin, readJson } from '@/lib/platform/http';
import { getMailer } from '@/lib/composition/adapters';
import { changeMember } from '@/lib/accounts/members/change-member';
import { mailKeyCuts } from '@/lib/accounts/members/mail-key-cuts';
import { MemberPatch } from '@/schemas/accounts';

export const dynamic = 'force-dynamic';

/** A member removing themselves: leaving needs no permission; everything else needs members.manage. */
const isLeaving = ({ request, params, user }: Pick<MemberContext, 'request' | 'params' | 'user'>) =>
  request.method === 'DELETE' && params.user_id === user.id;

const change = withMember(
  (context) => (isLeaving(context) ? 'org.read' : 'members.manage'),
  async (context) => {
    const { request, params, orgId, db, actor } = context;
    const userId = typeof params.user_id === 'string' ? params.user_id : '';
    const leaving = isLeaving(context);
    const role =
      request.method === 'PATCH'
        ? parseBody(MemberPatch, await readJson(request, 'INVALID_BODY')).role
        : null;
    const cut = await changeMember(
      db,
      { orgId, userId, role, actorRole: leaving ? 'owner' : context.role },
      actor,
      new Date(),
    );
    // After commit: the owners hear which of the member's keys were cut or revoked.
    await mailKeyCuts(
      { db, mailer: getMailer(), origin: publicOrigin('marketing') },
      { orgId, userId, role },
      cut,
    );
    return Response.json({ user_id: userId, role });
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  PATCH: change,
  DELETE: change,
});
