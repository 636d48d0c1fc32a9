// POST /v1/calls/{call_id}/analyze — extract a new analysis_schema from an ended call.
import { getCallDeps } from '@/lib/composition/root';
import { reanalyzeCall } from '@/lib/calls';
import { requireApiKey } from '@/lib/accounts/access/api-key-auth';
import { defineRoute, readJson, uuidParam } from '@/lib/platform/http';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: async ({ request, params }) => {
    const { orgId } = await requireApiKey(request);
    const callId = uuidParam(params, 'call_id');
    const body = await readJson(request);
    return Response.json(await reanalyzeCall(await getCallDeps(), orgId, callId, body));
  },
});
