// PATCH /console/api/orgs/{org_id}/keys/{key_id} — set or clear its monthly spend cap; DELETE — revoke it at once. Signed-in members (keys.manage).
import { requireMember } from '@/lib/access/require-member';
import { requireSessionUser } from '@/lib/auth/require-session-user';
import { getDb } from '@/lib/db';
import { clientIp, defineRoute, parseBody, readJson, uuidParam } from '@/lib/http';
import { revokeApiKey } from '@/lib/orgs/revoke-api-key';
import { capMicros, setKeySpendCap } from '@/lib/orgs/set-key-spend-cap';
import { KeyPatch } from '@/schemas/accounts';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  PATCH: async ({ request, params }) => {
    const user = await requireSessionUser(request);
    const db = await getDb();
    const orgId = uuidParam(params, 'org_id');
    await requireMember(db, user.id, orgId, 'keys.manage');
    const keyId = typeof params.key_id === 'string' ? params.key_id : '';
    const input = parseBody(KeyPatch, await readJson(request, 'INVALID_BODY'));
    await setKeySpendCap(
      db,
      orgId,
      keyId,
      capMicros(input.monthly_spend_cap_cents),
      { type: 'user', id: user.id, ip: clientIp(request.headers) },
      new Date(),
    );
    return Response.json({ key_id: keyId, monthly_spend_cap_cents: input.monthly_spend_cap_cents });
  },
  DELETE: async ({ request, params }) => {
    const user = await requireSessionUser(request);
    const db = await getDb();
    const orgId = uuidParam(params, 'org_id');
    await requireMember(db, user.id, orgId, 'keys.manage');
    const keyId = typeof params.key_id === 'string' ? params.key_id : '';
    await revokeApiKey(db, orgId, keyId, new Date(), {
      type: 'user',
      id: user.id,
      ip: clientIp(request.headers),
    });
    return Response.json({ key_id: keyId, revoked: true });
  },
});
