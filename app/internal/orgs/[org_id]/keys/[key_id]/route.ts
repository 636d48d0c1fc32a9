// DELETE /internal/orgs/{org_id}/keys/{key_id} — admin only: revoke a key; requests with it get 401 from then on.
import { getDb } from '@/lib/composition/adapters';
import { defineRoute, requireAdmin, uuidParam } from '@/lib/platform/http';
import { revokeApiKey } from '@/lib/accounts/orgs/revoke-api-key';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  DELETE: async ({ request, params }) => {
    requireAdmin(request);
    const keyId = typeof params.key_id === 'string' ? params.key_id : '';
    await revokeApiKey(await getDb(), uuidParam(params, 'org_id'), keyId, new Date());
    return Response.json({ ok: true, key_id: keyId, revoked: true });
  },
});
