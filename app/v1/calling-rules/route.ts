// GET|PUT /v1/calling-rules — the organization's countries, calling hours and disclosures (owners/admins save).
import { getDb } from '@/lib/composition/adapters';
import { readCallingRules, saveCallingRules, getRuleSettings } from '@/lib/calls/rules';
import { requireApiKey } from '@/lib/accounts/access/api-key-auth';
import { clientIp, defineRoute, parseBody, readJson } from '@/lib/platform/http';
import { systemClock } from '@/lib/platform/runtime/clock';
import { CallingRulesRequest } from '@/schemas/calling-rules';

export const dynamic = 'force-dynamic';

const noStore = { 'Cache-Control': 'no-store' };

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  GET: async ({ request }) => {
    const { orgId } = await requireApiKey(request);
    const rules = await readCallingRules(await getDb(), getRuleSettings(), orgId);
    return Response.json(rules, { headers: noStore });
  },
  PUT: async ({ request }) => {
    const { orgId, keyId } = await requireApiKey(request);
    const input = parseBody(CallingRulesRequest, await readJson(request, 'INVALID_BODY'));
    const saved = await saveCallingRules(
      await getDb(),
      getRuleSettings(),
      { ...input, orgId },
      { type: 'api_key', id: keyId, ip: clientIp(request.headers) },
      new Date(systemClock.now()),
    );
    return Response.json(saved, { headers: noStore });
  },
});
