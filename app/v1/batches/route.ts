// POST /v1/batches — queue a batch of calls from one prompt and a row of values per call (Idempotency-Key honoured).
import { createBatch } from '@/lib/calls/batches/create-batch';
import { getCallDeps } from '@/lib/composition/root';
import { requireApiKey } from '@/lib/accounts/access/api-key-auth';
import { defineRoute, publicOrigin, readJson } from '@/lib/platform/http';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: async ({ request }) => {
    const key = await requireApiKey(request);
    const body = await readJson(request, 'INVALID_BODY');
    const { replayed, ...response } = await createBatch(await getCallDeps(), {
      orgId: key.orgId,
      key,
      body,
      origin: publicOrigin('voice'),
      idempotencyKey: request.headers.get('idempotency-key'),
    });
    return Response.json(response, {
      headers: replayed ? { 'Idempotent-Replayed': 'true' } : {},
    });
  },
});
