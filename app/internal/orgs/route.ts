// POST /internal/orgs — admin only: create an organization and its first API key (shown once).
import { getDb } from '@/lib/composition/adapters';
import { defineRoute, parseBody, readJson, requireAdmin } from '@/lib/platform/http';
import { createOrg } from '@/lib/composition/create-org';
import { usdToMicros } from '@/lib/platform/money';
import { CreateOrgRequest } from '@/schemas/admin';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: async ({ request }) => {
    requireAdmin(request);
    const input = parseBody(CreateOrgRequest, await readJson(request, 'INVALID_BODY'));
    const org = await createOrg(
      await getDb(),
      { name: input.name, startingCreditMicros: usdToMicros(input.starting_credit_usd ?? 0) },
      new Date(),
    );
    return Response.json(
      { org_id: org.orgId, key_id: org.keyId, api_key: org.apiKey },
      { status: 201, headers: { 'Cache-Control': 'no-store' } },
    );
  },
});
