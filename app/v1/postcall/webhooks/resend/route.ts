// POST /v1/postcall/webhooks/resend — deliver the post-call webhook of ended calls again.
import { resendWebhooks } from '@/lib/calls/webhooks/resend-webhooks';
import { getDb } from '@/lib/composition/adapters';
import { requireApiKey } from '@/lib/accounts/access/api-key-auth';
import { defineRoute, parseBody, readJson } from '@/lib/platform/http';
import { ResendWebhooksRequest } from '@/schemas/webhooks';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: async ({ request }) => {
    const { orgId } = await requireApiKey(request);
    const { call_ids } = parseBody(ResendWebhooksRequest, await readJson(request, 'INVALID_BODY'));
    const result = await resendWebhooks(await getDb(), orgId, [...new Set(call_ids)], new Date());
    return Response.json(result);
  },
});
