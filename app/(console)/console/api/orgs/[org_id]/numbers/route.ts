// POST /console/api/orgs/{org_id}/numbers — the console's "buy a number" (calls.write; the API's POST /v1/numbers).
import { withMember } from '@/lib/accounts/access/with-member';
import { buyNumber } from '@/lib/calls/numbers';
import { getNumberDeps } from '@/lib/composition/root';
import { defineRoute, readJson } from '@/lib/platform/http';
import { systemClock } from '@/lib/platform/runtime/clock';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: withMember('calls.write', async ({ request, orgId, actor }) => {
    const body = await readJson(request);
    const number = await buyNumber(
      await getNumberDeps(),
      { orgId, body, actor },
      new Date(systemClock.now()),
    );
    return Response.json(number, { status: 201 });
  }),
});
