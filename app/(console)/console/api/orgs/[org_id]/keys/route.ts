// GET /console/api/orgs/{org_id}/keys — the org's live keys; POST — create a scoped key (shown once). Signed-in members.
import { withMember } from '@/lib/accounts/access/with-member';
import { defineRoute, parseBody, readJson } from '@/lib/platform/http';
import { createOrgKey } from '@/lib/accounts/orgs/create-org-key';
import { keyJson } from '@/lib/accounts/orgs/key-json';
import { listOrgKeys } from '@/lib/accounts/orgs/list-org-keys';
import { capMicros } from '@/lib/accounts/orgs/set-key-spend-cap';
import { CreateKeyRequest } from '@/schemas/accounts';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  GET: withMember('keys.read', async ({ orgId, db }) => {
    return Response.json({ keys: (await listOrgKeys(db, orgId, new Date())).map(keyJson) });
  }),
  POST: withMember('keys.manage', async ({ request, user, orgId, db, actor }) => {
    const input = parseBody(CreateKeyRequest, await readJson(request, 'INVALID_BODY'));
    const now = new Date();
    const key = await createOrgKey(
      db,
      orgId,
      {
        name: input.name,
        scopes: input.scopes,
        expiresAt: input.expires_in_days
          ? new Date(now.getTime() + input.expires_in_days * 86_400_000)
          : null,
        createdBy: user.id,
        spendCapMicros: capMicros(input.monthly_spend_cap_cents),
      },
      actor,
      now,
    );
    return Response.json(
      {
        key_id: key.keyId,
        api_key: key.apiKey,
        name: input.name,
        scopes: input.scopes,
        monthly_spend_cap_cents: input.monthly_spend_cap_cents ?? null,
      },
      { status: 201, headers: { 'Cache-Control': 'no-store' } },
    );
  }),
});
