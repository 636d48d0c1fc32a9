// GET /console/api/orgs/{org_id}/billing/ledger/export — the wallet's ledger as a streamed CSV (billing.read; the API's CSV).
import { withMember } from '@/lib/accounts/access/with-member';
import { streamLedgerCsv } from '@/lib/wallet/billing/stream-ledger-csv';
import { defineRoute } from '@/lib/platform/http';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  GET: withMember('billing.read', async ({ orgId, db }) => {
    return new Response(streamLedgerCsv(db, orgId, {}), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="wallet-ledger.csv"',
        'Cache-Control': 'no-store',
      },
    });
  }),
});
