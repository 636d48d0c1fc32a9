// POST /console/api/orgs/{org_id}/webhooks/resend — "Replay": a fresh delivery for each call, up to 100 (webhooks.write; the API's resend).
import { requireMember } from '@/lib/access/require-member';
import { requireSessionUser } from '@/lib/auth/require-session-user';
import { resendWebhooks } from '@/lib/call-webhooks/resend-webhooks';
import { getDb } from '@/lib/db';
import { defineRoute, parseBody, readJson, uuidParam } from '@/lib/http';
import { ConsoleWebhookReplay } from '@/schemas/console';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: async ({ request, params }) => {
    const user = await requireSessionUser(request);
    const db = await getDb();
    const orgId = uuidParam(params, 'org_id');
    await requireMember(db, user.id, orgId, 'webhooks.write');
    const input = parseBody(ConsoleWebhookReplay, await readJson(request, 'INVALID_BODY'));
    return Response.json(await resendWebhooks(db, orgId, input.call_ids, new Date()));
  },
});
