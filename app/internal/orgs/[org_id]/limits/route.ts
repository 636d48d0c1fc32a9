// PATCH /internal/orgs/{org_id}/limits — admin only: per-org limit overrides; raises apply at once.
import { getDb } from '@/lib/composition/adapters';
import { defineRoute, parseBody, readJson, requireAdmin, uuidParam } from '@/lib/platform/http';
import { describeOrg } from '@/lib/wallet/describe-org';
import { setLimitOverrides } from '@/lib/wallet/limits/set-limit-overrides';
import { LimitsPatch } from '@/schemas/admin';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  PATCH: async ({ request, params }) => {
    requireAdmin(request);
    const orgId = uuidParam(params, 'org_id');
    const input = parseBody(LimitsPatch, await readJson(request, 'INVALID_BODY'));
    const db = await getDb();
    await setLimitOverrides(db, orgId, input);
    const { limits, limit_overrides } = await describeOrg(db, orgId);
    return Response.json({ org_id: orgId, limits, limit_overrides });
  },
});
