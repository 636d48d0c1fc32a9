// GET /v1/postcall/webhooks/{call_id} — the post-call webhook delivery log of a call (every attempt).
import { listDeliveries } from '@/lib/calls/webhooks/list-deliveries';
import { getDb } from '@/lib/composition/adapters';
import { requireApiKey } from '@/lib/accounts/access/api-key-auth';
import { defineRoute, uuidParam } from '@/lib/platform/http';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  GET: async ({ request, params }) => {
    const { orgId } = await requireApiKey(request);
    const log = await listDeliveries(await getDb(), orgId, uuidParam(params, 'call_id'));
    return Response.json(log, { headers: { 'Cache-Control': 'no-store' } });
  },
});
