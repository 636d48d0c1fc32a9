// POST /v1/batches — queue a batch of calls from one prompt and a row of values per call.
import { createBatch } from '@/lib/batches/create-batch';
import { getCallDeps } from '@/lib/calls/get-call-deps';
import { defineRoute, publicOrigin, readJson, requireApiKey } from '@/lib/http';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: async ({ request }) => {
    const { orgId } = await requireApiKey(request);
    const body = await readJson(request, 'INVALID_BODY');
    const response = await createBatch(await getCallDeps(), {
      orgId,
      body,
      origin: publicOrigin('voice', request),
    });
    return Response.json(response);
  },
});
