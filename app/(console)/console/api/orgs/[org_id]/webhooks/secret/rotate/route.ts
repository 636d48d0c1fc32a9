// POST /console/api/orgs/{org_id}/webhooks/secret/rotate — a new webhook signing secret; the old one stops signing at once (webhooks.secret: owner, admin).
import { requireMember } from '@/lib/access/require-member';
import { requireSessionUser } from '@/lib/auth/require-session-user';
import { getDb } from '@/lib/db';
import { clientIp, defineRoute, uuidParam } from '@/lib/http';
import { rotateWebhookSecret } from '@/lib/orgs/rotate-webhook-secret';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: async ({ request, params }) => {
    const user = await requireSessionUser(request);
    const db = await getDb();
    const orgId = uuidParam(params, 'org_id');
    await requireMember(db, user.id, orgId, 'webhooks.secret');
    const rotated = await rotateWebhookSecret(
      db,
      orgId,
      { type: 'user', id: user.id, ip: clientIp(request.headers) },
      new Date(),
    );
    return Response.json(rotated, { headers: { 'Cache-Control': 'no-store' } });
  },
});
