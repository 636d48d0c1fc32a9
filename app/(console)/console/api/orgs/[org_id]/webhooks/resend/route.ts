// POST /console/api/orgs/{org_id}/webhooks/resend — "Replay": a fresh delivery for each call, up to 100 (webhooks.write; the API's resend).
import { withMember } from '@/lib/accounts/access/with-member';
import { resendWebhooks } from '@/lib/calls/webhooks/resend-webhooks';
import { defineRoute, parseBody, readJson } from '@/lib/platform/http';
import { ConsoleWebhookReplay } from '@/schemas/console';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: withMember('webhooks.write', async ({ request, orgId, db }) => {
    const input = parseBody(ConsoleWebhookReplay, await readJson(request, 'INVALID_BODY'));
    return Response.json(await resendWebhooks(db, orgId, input.call_ids, new Date()));
  }),
});
