// GET /v1/calls/{call_id} — the call detail: status, timings, transcript, recording link, price.
import { getCallDeps } from '@/lib/calls/get-call-deps';
import { getCallRowOrThrow, getTranscripts } from '@/lib/calls/get-call';
import { renderCall } from '@/lib/calls/render-call';
import { defineRoute, publicOrigin, requireApiKey, uuidParam } from '@/lib/http';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  GET: async ({ request, params }) => {
    const { orgId } = await requireApiKey(request);
    const deps = await getCallDeps();
    const row = await getCallRowOrThrow(deps.db, orgId, uuidParam(params, 'call_id'));
    const detail = renderCall(row, await getTranscripts(deps.db, row.id), {
      origin: publicOrigin('voice', request),
      urlSigningKey: deps.settings.urlSigningKey,
      nowMs: deps.clock.now(),
    });
    return Response.json(detail, { headers: { 'Cache-Control': 'no-store' } });
  },
});
