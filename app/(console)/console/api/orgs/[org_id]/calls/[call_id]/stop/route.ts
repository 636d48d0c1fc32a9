// POST /console/api/orgs/{org_id}/calls/{call_id}/stop — the console's "Stop call" (calls.write; the API's stop).
import { requireMember } from '@/lib/access/require-member';
import { requireSessionUser } from '@/lib/auth/require-session-user';
import { getCallDeps } from '@/lib/calls/get-call-deps';
import { stopCall } from '@/lib/calls/lifecycle';
import { defineRoute, uuidParam } from '@/lib/http';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: async ({ request, params }) => {
    const user = await requireSessionUser(request);
    const deps = await getCallDeps();
    const orgId = uuidParam(params, 'org_id');
    await requireMember(deps.db, user.id, orgId, 'calls.write');
    await stopCall(deps, orgId, uuidParam(params, 'call_id'));
    return Response.json({ status: 'success', message: 'Call ended successfully.' });
  },
});
