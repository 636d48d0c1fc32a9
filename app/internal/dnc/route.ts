// GET|POST|DELETE /internal/dnc — admin only: the operators' do-not-call list, honoured by all.
import { getDb } from '@/lib/composition/adapters';
import { changeDncList, listDncNumbers } from '@/lib/calls/rules';
import { clientIp, defineRoute, parseBody, readJson, requireAdmin } from '@/lib/platform/http';
import { systemClock } from '@/lib/platform/runtime/clock';
import { DncAddRequest, DncListQuery, DncRemoveRequest } from '@/schemas/calling-rules';

export const dynamic = 'force-dynamic';

const admin = (request: Request) => ({
  type: 'admin' as const,
  id: null,
  ip: clientIp(request.headers),
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  GET: async ({ request }) => {
    requireAdmin(request);
    const query = parseBody(
      DncListQuery,
      Object.fromEntries(request.nextUrl.searchParams),
      'INVALID_QUERY',
    );
    return Response.json(await listDncNumbers(await getDb(), null, query));
  },
  POST: async ({ request }) => {
    requireAdmin(request);
    const input = parseBody(DncAddRequest, await readJson(request, 'INVALID_BODY'));
    const outcome = await changeDncList(
      await getDb(),
      {
        kind: 'add',
        orgId: null,
        numbers: input.numbers,
        reason: input.reason ?? null,
        source: 'operator',
      },
      admin(request),
      new Date(systemClock.now()),
    );
    return Response.json(outcome);
  },
  DELETE: async ({ request }) => {
    requireAdmin(request);
    const input = parseBody(DncRemoveRequest, await readJson(request, 'INVALID_BODY'));
    const outcome = await changeDncList(
      await getDb(),
      { kind: 'remove', orgId: null, numbers: input.numbers },
      admin(request),
      new Date(systemClock.now()),
    );
    return Response.json(outcome);
  },
});
