// PATCH|DELETE /console/api/orgs/{org_id}/numbers/{number} — assign the answering agent or a label; release (calls.write, as the API's numbers:write).
import { withMember } from '@/lib/accounts/access/with-member';
import { numberFromPath, releaseNumber, updateNumber } from '@/lib/calls/numbers';
import { getNumberDeps } from '@/lib/composition/root';
import { defineRoute, readJson } from '@/lib/platform/http';
import { systemClock } from '@/lib/platform/runtime/clock';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  PATCH: withMember('calls.write', async ({ request, params, orgId, db, actor }) => {
    const number = numberFromPath(String(params.number ?? ''));
    const body = await readJson(request);
    const updated = await updateNumber(
      db,
      { orgId, number, body, actor },
      new Date(systemClock.now()),
    );
    return Response.json(updated);
  }),
  DELETE: withMember('calls.write', async ({ params, orgId, actor }) => {
    const number = numberFromPath(String(params.number ?? ''));
    const released = await releaseNumber(
      await getNumberDeps(),
      { orgId, number, actor },
      new Date(systemClock.now()),
    );
    return Response.json(released);
  }),
});
