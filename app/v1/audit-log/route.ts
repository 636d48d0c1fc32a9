// GET /v1/audit-log — the organization's audit log, newest first, cursor-paged (scope audit:read).
import { listAuditLog } from '@/lib/accounts/audit/list-audit-log';
import { getDb } from '@/lib/composition/adapters';
import { requireApiKey } from '@/lib/accounts/access/api-key-auth';
import { defineRoute, parseBody } from '@/lib/platform/http';
import { AuditLogQuery } from '@/schemas/audit';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  GET: async ({ request }) => {
    const { orgId } = await requireApiKey(request);
    const query = parseBody(
      AuditLogQuery,
      Object.fromEntries(request.nextUrl.searchParams),
      'INVALID_QUERY',
    );
    return Response.json(await listAuditLog(await getDb(), orgId, query), {
      headers: { 'Cache-Control': 'no-store' },
    });
  },
});
