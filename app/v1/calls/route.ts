// POST /v1/calls — place an AI phone call; GET /v1/calls — the org's calls, newest first, cursor-paged.
import { getCallDeps } from '@/lib/calls/get-call-deps';
import { dispatchCall } from '@/lib/calls/dispatch-call';
import { listCalls } from '@/lib/calls/list-calls';
import { renderCallListItem } from '@/lib/calls/render-call';
import { defineRoute, parseBody, publicOrigin, readJson, requireApiKey } from '@/lib/http';
import { CallListQuery } from '@/schemas/calls';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: async ({ request }) => {
    const { orgId, balanceMicros } = await requireApiKey(request);
    const body = await readJson(request, 'INVALID_BODY');
    const { body: response, replayed } = await dispatchCall(await getCallDeps(), {
      orgId,
      balanceMicros,
      body,
      idempotencyKey: request.headers.get('idempotency-key'),
      origin: publicOrigin('voice', request),
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
    const deps = await getCallDeps();
    const { rows, nextCursor } = await listCalls(deps.db, orgId, query);
    const options = {
      origin: publicOrigin('voice', request),
      urlSigningKey: deps.settings.urlSigningKey,
      nowMs: deps.clock.now(),
    };
    const calls = rows.map((row) => renderCallListItem(row, options));
    return Response.json({ calls, count: calls.length, next_cursor: nextCursor });
  },
});
