// GET|POST|DELETE /v1/dnc — the organization's do-not-call list (one number or up to 10,000).
import { getDb } from '@/lib/composition/adapters';
import { changeDncList, listDncNumbers } from '@/lib/calls/rules';
import { requireApiKey } from '@/lib/accounts/access/api-key-auth';
import { clientIp, defineRoute, parseBody, readJson } from '@/lib/platform/http';
import { systemClock } from '@/lib/platform/runtime/clock';
import { DncAddRequest, DncListQuery, DncRemoveRequest } from '@/schemas/calling-rules';

export const dynamic = 'force-dynamic';

const noStore = { 'Cache-Control': 'no-store' };

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  GET: async ({ request }) => {
    const { orgId } = await requireApiKey(request);
    const query = parseBody(
      DncListQuery,
      Object.fromEntries(request.nextUrl.searchParams),
      'INVALID_QUERY',
    );
    return Response.json(await listDncNumbers(await getDb(), orgId, query), { headers: noStore });
  },
  POST: async ({ request }) => {
    const { orgId, keyId } = await requireApiKey(request);
    const input = parseBody(DncAddRequest, await readJson(request, 'INVALID_BODY'));
    const outcome = await changeDncList(
      await getDb(),
      {
        kind: 'add',
        orgId,
        numbers: input.numbers,
        reason: input.reason ?? null,
        source: input.source,
      },
      { type: 'api_key', id: keyId, ip: clientIp(request.headers) },
      new Date(systemClock.now()),
    );
    return Response.json(outcome, { headers: noStore });
  },
  DELETE: async ({ request }) => {
    const { orgId, keyId } = await requireApiKey(request);
    const input = parseBody(DncRemoveRequest, await readJson(request, 'INVALID_BODY'));
    const outcome = await changeDncList(
      await getDb(),
      { kind: 'remove', orgId, numbers: input.numbers },
      { type: 'api_key', id: keyId, ip: clientIp(request.headers) },
      new Date(systemClock.now()),
    );
    return Response.json(outcome, { headers: noStore });
  },
});
