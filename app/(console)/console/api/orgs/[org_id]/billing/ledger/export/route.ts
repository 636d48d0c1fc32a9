// GET /console/api/orgs/{org_id}/billing/ledger/export — the wallet's ledger as a streamed CSV (billing.read; the API's CSV).
import { requireMember } from '@/lib/access/require-member';
import { requireSessionUser } from '@/lib/auth/require-session-user';
import { getDb } from '@/lib/db';
import { streamLedgerCsv } from '@/lib/billing/stream-ledger-csv';
import { defineRoute, uuidParam } from '@/lib/http';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  GET: async ({ request, params }) => {
    const user = await requireSessionUser(request);
    const db = await getDb();
    const orgId = uuidParam(params, 'org_id');
    await requireMember(db, user.id, orgId, 'billing.read');
    return new Response(streamLedgerCsv(db, orgId, {}), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="wallet-ledger.csv"',
        'Cache-Control': 'no-store',
      },
    });
  },
});
