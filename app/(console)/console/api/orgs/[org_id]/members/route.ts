// GET /console/api/orgs/{org_id}/members — the org's members and roles. Signed-in members (members.read).
import { requireMember } from '@/lib/access/require-member';
import { requireSessionUser } from '@/lib/auth/require-session-user';
import { getDb } from '@/lib/db';
import { defineRoute, uuidParam } from '@/lib/http';
import { listMembers } from '@/lib/members/list-members';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  GET: async ({ request, params }) => {
    const user = await requireSessionUser(request);
    const db = await getDb();
    const orgId = uuidParam(params, 'org_id');
    await requireMember(db, user.id, orgId, 'members.read');
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
  },
});
