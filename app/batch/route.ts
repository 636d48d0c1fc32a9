// GET /batch — a batch's parameters, its analysis (computed by the database) and its calls.
import { getBatchJson } from '@/lib/calls/batches/get-batch';
import { getCallDeps } from '@/lib/composition/root';
import { requireApiKey } from '@/lib/accounts/access/api-key-auth';
import { defineRoute, parseBody, publicOrigin } from '@/lib/platform/http';
import { BatchQuery } from '@/schemas/batches';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  GET: async ({ request }) => {
    const { orgId } = await requireApiKey(request);
    const query = parseBody(
      BatchQuery,
      Object.fromEntries(request.nextUrl.searchParams),
      'INVALID_QUERY',
    );
    const deps = await getCallDeps();
    const body = await getBatchJson(deps.db, orgId, query, {
      origin: publicOrigin('voice'),
      urlSigningKey: deps.settings.urlSigningKey,
      nowMs: deps.clock.now(),
    });
    return new Response(body, {
      headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
    });
  },
});
