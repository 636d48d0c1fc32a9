// POST /internal/orgs/{org_id}/keys — admin only: issue another API key (shown once).
import { getDb } from '@/lib/composition/adapters';
import { defineRoute, requireAdmin, uuidParam } from '@/lib/platform/http';
import { getOrgOrThrow } from '@/lib/accounts/orgs/get-org';
import { issueApiKey } from '@/lib/accounts/orgs/issue-api-key';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: async ({ request, params }) => {
    requireAdmin(request);
    const db = await getDb();
    const org = await getOrgOrThrow(db, uuidParam(params, 'org_id'));
    const key = await issueApiKey(db, org.id, new Date());
    return Response.json(
      { key_id: key.keyId, api_key: key.apiKey },
      { status: 201, headers: { 'Cache-Control': 'no-store' } },
    );
  },
});
