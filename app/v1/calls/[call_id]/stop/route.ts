// POST /v1/calls/{call_id}/stop — end a queued or started call now (call_ended_by API).
import { getCallDeps } from '@/lib/composition/root';
import { stopCall } from '@/lib/calls/lifecycle';
import { requireApiKey } from '@/lib/accounts/access/api-key-auth';
import { defineRoute, uuidParam } from '@/lib/platform/http';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: async ({ request, params }) => {
    const { orgId } = await requireApiKey(request);
    await stopCall(await getCallDeps(), orgId, uuidParam(params, 'call_id'));
    return Response.json({ status: 'success', message: 'Call ended successfully.' });
  },
});
