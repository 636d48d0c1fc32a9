// PATCH /console/api/orgs/{org_id}/keys/{key_id} — set or clear its monthly spend cap; DELETE — revoke it at once. Signed-in members (keys.manage).
import { withMember } from '@/lib/accounts/access/with-member';
import { defineRoute, parseBody, readJson } from '@/lib/platform/http';
import { revokeApiKey } from '@/lib/accounts/orgs/revoke-api-key';
import { capMicros, setKeySpendCap } from '@/lib/accounts/orgs/set-key-spend-cap';
import { KeyPatch } from '@/schemas/accounts';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  PATCH: withMember('keys.manage', async ({ request, params, orgId, db, actor }) => {
    const keyId = typeof params.key_id === 'string' ? params.key_id : '';
    const input = parseBody(KeyPatch, await readJson(request, 'INVALID_BODY'));
    await setKeySpendCap(
      db,
      orgId,
      keyId,
      capMicros(input.monthly_spend_cap_cents),
      actor,
      new Date(),
    );
    return Response.json({ key_id: keyId, monthly_spend_cap_cents: input.monthly_spend_cap_cents });
  }),
  DELETE: withMember('keys.manage', async ({ params, orgId, db, actor }) => {
    const keyId = typeof params.key_id === 'string' ? params.key_id : '';
    await revokeApiKey(db, orgId, keyId, new Date(), actor);
    return Response.json({ key_id: keyId, revoked: true });
  }),
});
