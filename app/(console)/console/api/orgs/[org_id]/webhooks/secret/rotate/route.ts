// POST /console/api/orgs/{org_id}/webhooks/secret/rotate — a new webhook signing secret; the old one stops signing at once (webhooks.secret: owner, admin).
import { withMember } from '@/lib/accounts/access/with-member';
import { defineRoute } from '@/lib/platform/http';
import { rotateWebhookSecret } from '@/lib/accounts/orgs/rotate-webhook-secret';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: withMember('webhooks.secret', async ({ orgId, db, actor }) => {
    const rotated = await rotateWebhookSecret(db, orgId, actor, new Date());
    return Response.json(rotated, { headers: { 'Cache-Control': 'no-store' } });
  }),
});
