// POST /console/api/orgs/{org_id}/keys/{key_id}/rotate — new secret, same key; the old one works for grace_hours (0–72).
import { withMember } from '@/lib/accounts/access/with-member';
import { defineRoute, parseBody, readJson } from '@/lib/platform/http';
import { rotateApiKey } from '@/lib/accounts/orgs/rotate-api-key';
import { RotateKeyRequest } from '@/schemas/accounts';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: withMember('keys.manage', async ({ request, params, orgId, db, actor }) => {
    const input = parseBody(RotateKeyRequest, await readJson(request, 'INVALID_BODY'));
    const keyId = typeof params.key_id === 'string' ? params.key_id : '';
    const rotated = await rotateApiKey(db, orgId, keyId, input.grace_hours, actor, new Date());
    return Response.json(
      {
        key_id: rotated.keyId,
        api_key: rotated.apiKey,
        previous_secret_valid_until: rotated.previousValidUntil.toISOString(),
      },
      { headers: { 'Cache-Control': 'no-store' } },
    );
  }),
});
