// GET /console/api/orgs/{org_id}/dnc/export — the organization's do-not-call list as a streamed CSV (calls.read).
import { withMember } from '@/lib/accounts/access/with-member';
import { streamDncCsv } from '@/lib/calls/rules';
import { defineRoute } from '@/lib/platform/http';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  GET: withMember('calls.read', async ({ orgId, db }) => {
    return new Response(streamDncCsv(db, orgId), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="do-not-call.csv"',
        'Cache-Control': 'no-store',
      },
    });
  }),
});
