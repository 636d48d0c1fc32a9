// POST /internal/orgs/{org_id}/deposits — admin only: add funds (a ledgered deposit; counts toward the $5 unlock).
import { getDb } from '@/lib/composition/adapters';
import { defineRoute, parseBody, readJson, requireAdmin, uuidParam } from '@/lib/platform/http';
import { depositFunds } from '@/lib/wallet';
import { describeOrg } from '@/lib/wallet/describe-org';
import { usdToMicros } from '@/lib/platform/money';
import { DepositRequest } from '@/schemas/admin';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: async ({ request, params }) => {
    requireAdmin(request);
    const orgId = uuidParam(params, 'org_id');
    const input = parseBody(DepositRequest, await readJson(request, 'INVALID_BODY'));
    const db = await getDb();
    await depositFunds(
      db,
      orgId,
      usdToMicros(input.amount_usd),
      { type: 'admin', id: null },
      new Date(),
    );
    const { wallet, unlocked, limits } = await describeOrg(db, orgId);
    return Response.json({ org_id: orgId, wallet, unlocked, limits }, { status: 201 });
  },
});
