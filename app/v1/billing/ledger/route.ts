// GET /v1/billing/ledger — every change of the org's wallet, newest first (JSON pages or a CSV stream).
import { getDb } from '@/lib/composition/adapters';
import { listLedger } from '@/lib/wallet/billing/list-ledger';
import { streamLedgerCsv } from '@/lib/wallet/billing/stream-ledger-csv';
import { requireApiKey } from '@/lib/accounts/access/api-key-auth';
import { defineRoute, parseBody } from '@/lib/platform/http';
import { LedgerQuery } from '@/schemas/billing';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  GET: async ({ request }) => {
    const { orgId } = await requireApiKey(request);
    const query = parseBody(
      LedgerQuery,
      Object.fromEntries(request.nextUrl.searchParams),
      'INVALID_QUERY',
    );
    const range = {
      from: query.from ? new Date(query.from) : undefined,
      to: query.to ? new Date(query.to) : undefined,
    };
    const db = await getDb();
    if (query.format === 'csv') {
      return new Response(streamLedgerCsv(db, orgId, range), {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="wallet-ledger.csv"',
          'Cache-Control': 'no-store',
        },
      });
    }
    const page = await listLedger(db, orgId, {
      ...range,
      cursor: query.cursor,
      limit: query.limit,
    });
    return Response.json(page, { headers: { 'Cache-Control': 'no-store' } });
  },
});
