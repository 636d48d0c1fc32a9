// POST /console/api/orgs/{org_id}/calls/{call_id}/webhooks/resend — "Send again" (webhooks.write; the API's resend).
import { requireMember } from '@/lib/access/require-member';
import { requireSessionUser } from '@/lib/auth/require-session-user';
import { resendWebhooks } from '@/lib/call-webhooks/resend-webhooks';
import { getDb } from '@/lib/db';
import { defineRoute, uuidParam } from '@/lib/http';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: async ({ request, params }) => {
    const user = await requireSessionUser(request);
    const db = await getDb();
    const orgId = uuidParam(params, 'org_id');
    await requireMember(db, user.id, orgId, 'webhooks.write');
    const result = await resendWebhooks(db, orgId, [uuidParam(params, 'call_id')], new Date());
    return Response.json(result);
  },
});
