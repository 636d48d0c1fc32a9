// POST /console/api/orgs/{org_id}/calls/{call_id}/webhooks/resend — "Send again" (webhooks.write; the API's resend).
import { withMember } from '@/lib/accounts/access/with-member';
import { resendWebhooks } from '@/lib/calls/webhooks/resend-webhooks';
import { defineRoute, uuidParam } from '@/lib/platform/http';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: withMember('webhooks.write', async ({ params, orgId, db }) => {
    const result = await resendWebhooks(db, orgId, [uuidParam(params, 'call_id')], new Date());
    return Response.json(result);
  }),
});
