// POST /v1/calls — place an AI phone call; GET /v1/calls — the org's calls, newest first, cursor-paged.
import { getCallDeps } from '@/lib/composition/root';
import { dispatchCall } from '@/lib/calls/dispatch-call';
import { listCallPage } from '@/lib/calls/list-call-page';
import { requireApiKey } from '@/lib/accounts/access/api-key-auth';
import { defineRoute, parseBody, publicOrigin, readJson } from '@/lib/platform/http';
import { CallListQuery } from '@/schemas/call-detail';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: async ({ request }) => {
    const key = await requireApiKey(request);
    const body = await readJson(request, 'INVALID_BODY');
    const { body: response, replayed } = await dispatchCall(await getCallDeps(), {
      orgId: key.orgId,
      wallet: key,
      key,
      body,
      idempotencyKey: request.headers.get('idempotency-key'),
      origin: publicOrigin('voice'),
    });
    return Response.json(response, {
      headers: replayed ? { 'Idempotent-Replayed': 'true' } : {},
    });
  },
  GET: async ({ request }) => {
    const { orgId } = await requireApiKey(request);
    const query = parseBody(
      CallListQuery,
      Object.fromEntries(request.nextUrl.searchParams),
      'INVALID_QUERY',
    );
    const page = await listCallPage(await getCallDeps(), orgId, query, publicOrigin('voice'));
    return Response.json(page);
  },
});
