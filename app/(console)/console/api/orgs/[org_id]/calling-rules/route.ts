// PUT /console/api/orgs/{org_id}/calling-rules — the organization's countries, hours and disclosures (org.update, as PUT /v1/calling-rules).
import { withMember } from '@/lib/accounts/access/with-member';
import { getRuleSettings, saveCallingRules } from '@/lib/calls/rules';
import { defineRoute, parseBody, readJson } from '@/lib/platform/http';
import { systemClock } from '@/lib/platform/runtime/clock';
import { CallingRulesRequest } from '@/schemas/calling-rules';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  PUT: withMember('org.update', async ({ request, orgId, db, actor }) => {
    const input = parseBody(CallingRulesRequest, await readJson(request, 'INVALID_BODY'));
    const saved = await saveCallingRules(
      db,
      getRuleSettings(),
      { ...input, orgId },
      actor,
      new Date(systemClock.now()),
    );
    return Response.json(saved);
  }),
});
