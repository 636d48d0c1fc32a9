// GET /console/api/orgs/{org_id}/keys — the org's live keys; POST — create a scoped key (shown once). Signed-in members.
import { requireMember } from '@/lib/access/require-member';
import { requireSessionUser } from '@/lib/auth/require-session-user';
import { getDb } from '@/lib/db';
import { clientIp, defineRoute, parseBody, readJson, uuidParam } from '@/lib/http';
import { createOrgKey } from '@/lib/orgs/create-org-key';
import { keyJson } from '@/lib/orgs/key-json';
import { listOrgKeys } from '@/lib/orgs/list-org-keys';
import { capMicros } from '@/lib/orgs/set-key-spend-cap';
import { CreateKeyRequest } from '@/schemas/accounts';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  GET: async ({ request, params }) => {
    const user = await requireSessionUser(request);
    const db = await getDb();
    const orgId = uuidParam(params, 'org_id');
    await requireMember(db, user.id, orgId, 'keys.read');
    return Response.json({ keys: (await listOrgKeys(db, orgId, new Date())).map(keyJson) });
  },
  POST: async ({ request, params }) => {
    const user = await requireSessionUser(request);
    const db = await getDb();
    const orgId = uuidParam(params, 'org_id');
    await requireMember(db, user.id, orgId, 'keys.manage');
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
      { type: 'user', id: user.id, ip: clientIp(request.headers) },
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
  },
});
