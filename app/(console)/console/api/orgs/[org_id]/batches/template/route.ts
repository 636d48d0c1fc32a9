// GET /console/api/orgs/{org_id}/batches/template?base_prompt=… — a CSV to fill in: phone_number and a column per {{placeholder}} (batches.read).
import { requireMember } from '@/lib/access/require-member';
import { requireSessionUser } from '@/lib/auth/require-session-user';
import { batchCsvTemplate } from '@/lib/batches/batch-csv-template';
import { getDb } from '@/lib/db';
import { defineRoute, parseBody, uuidParam } from '@/lib/http';
import { ConsoleBatchTemplateQuery } from '@/schemas/console';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  GET: async ({ request, params }) => {
    const user = await requireSessionUser(request);
    const db = await getDb();
    const orgId = uuidParam(params, 'org_id');
    await requireMember(db, user.id, orgId, 'batches.read');
    const query = parseBody(
      ConsoleBatchTemplateQuery,
      Object.fromEntries(request.nextUrl.searchParams),
      'INVALID_QUERY',
    );
    return new Response(batchCsvTemplate(query.base_prompt), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="batch-template.csv"',
        'Cache-Control': 'no-store',
      },
    });
  },
});
