// POST /console/api/orgs/{org_id}/calls/{call_id}/stop — the console's "Stop call" (calls.write; the API's stop).
import { withMember } from '@/lib/accounts/access/with-member';
import { getCallDeps } from '@/lib/composition/root';
import { stopCall } from '@/lib/calls/lifecycle';
import { defineRoute, uuidParam } from '@/lib/platform/http';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: withMember('calls.write', async ({ params, orgId }) => {
    const deps = await getCallDeps();
    await stopCall(deps, orgId, uuidParam(params, 'call_id'));
    return Response.json({ status: 'success', message: 'Call ended successfully.' });
  }),
});
