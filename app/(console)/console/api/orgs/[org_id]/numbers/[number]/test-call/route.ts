// POST /console/api/orgs/{org_id}/numbers/{number}/test-call — the sandbox's scripted caller rings the number (calls.write).
import { withMember } from '@/lib/accounts/access/with-member';
import { numberFromPath, placeTestCall } from '@/lib/calls/numbers';
import { getCallDeps } from '@/lib/composition/root';
import { defineRoute, publicOrigin } from '@/lib/platform/http';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: withMember('calls.write', async ({ params, orgId }) => {
    const placed = await placeTestCall(await getCallDeps(), {
      orgId,
      number: numberFromPath(String(params.number ?? '')),
      apiOrigin: publicOrigin('voice'),
    });
    return Response.json(placed, { status: 201 });
  }),
});
