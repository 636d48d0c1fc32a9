// GET /v1/calls/{call_id} — the call detail: status, timings, transcript, recording link, price.
import { getCallDeps } from '@/lib/composition/root';
import { getCallDetail } from '@/lib/calls/get-call-detail';
import { requireApiKey } from '@/lib/accounts/access/api-key-auth';
import { defineRoute, publicOrigin, uuidParam } from '@/lib/platform/http';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  GET: async ({ request, params }) => {
    const { orgId } = await requireApiKey(request);
    const detail = await getCallDetail(
      await getCallDeps(),
      orgId,
      uuidParam(params, 'call_id'),
      publicOrigin('voice'),
    );
    return Response.json(detail, { headers: { 'Cache-Control': 'no-store' } });
  },
});
