// GET /console/api/orgs/{org_id}/calls/export?… — the filtered calls as a streamed CSV (calls.read).
import { withMember } from '@/lib/accounts/access/with-member';
import { getCallDeps } from '@/lib/composition/root';
import { streamCallsCsv } from '@/lib/console/calls-csv';
import { defineRoute, parseBody, publicOrigin } from '@/lib/platform/http';
import { ConsoleCallFilters } from '@/schemas/console';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  GET: withMember('calls.read', async ({ request, orgId }) => {
    const deps = await getCallDeps();
    const filters = parseBody(
      ConsoleCallFilters,
      Object.fromEntries(request.nextUrl.searchParams),
      'INVALID_QUERY',
    );
    const stream = await streamCallsCsv(deps, orgId, filters, publicOrigin('voice'));
    return new Response(stream, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="calls.csv"',
        'Cache-Control': 'no-store',
      },
    });
  }),
});
