// POST|DELETE /console/api/orgs/{org_id}/dnc — list or unlist numbers from the console (calls.write to list, org.update to unlist, as the API's scopes).
import { withMember } from '@/lib/accounts/access/with-member';
import { changeDncList } from '@/lib/calls/rules';
import { defineRoute, parseBody, readJson } from '@/lib/platform/http';
import { systemClock } from '@/lib/platform/runtime/clock';
import { DncAddRequest, DncRemoveRequest } from '@/schemas/calling-rules';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: withMember('calls.write', async ({ request, orgId, db, actor }) => {
    const input = parseBody(DncAddRequest, await readJson(request, 'INVALID_BODY'));
    const outcome = await changeDncList(
      db,
      {
        kind: 'add',
        orgId,
        numbers: input.numbers,
        reason: input.reason ?? null,
        source: 'console',
      },
      actor,
      new Date(systemClock.now()),
    );
    return Response.json(outcome);
  }),
  DELETE: withMember('org.update', async ({ request, orgId, db, actor }) => {
    const input = parseBody(DncRemoveRequest, await readJson(request, 'INVALID_BODY'));
    const outcome = await changeDncList(
      db,
      { kind: 'remove', orgId, numbers: input.numbers },
      actor,
      new Date(systemClock.now()),
    );
    return Response.json(outcome);
  }),
});
