// GET /console/api/orgs/{org_id}/batches/template?base_prompt=… — a CSV to fill in: phone_number and a column per {{placeholder}} (batches.read).
import { withMember } from '@/lib/accounts/access/with-member';
import { batchCsvTemplate } from '@/lib/calls/batches/batch-csv-template';
import { defineRoute, parseBody } from '@/lib/platform/http';
import { ConsoleBatchTemplateQuery } from '@/schemas/console';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  GET: withMember('batches.read', async ({ request }) => {
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
  }),
});
