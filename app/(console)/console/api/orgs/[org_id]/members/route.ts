// GET /console/api/orgs/{org_id}/members — the org's members and roles. Signed-in members (members.read).
import { withMember } from '@/lib/accounts/access/with-member';
import { defineRoute } from '@/lib/platform/http';
import { listMembers } from '@/lib/accounts/members/list-members';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  GET: withMember('members.read', async ({ orgId, db }) => {
    const members = await listMembers(db, orgId);
    return Response.json({
      members: members.map((m) => ({
        user_id: m.userId,
        email: m.email,
        name: m.name,
        role: m.role,
        joined_at: m.joinedAt.toISOString(),
      })),
    });
  }),
});
