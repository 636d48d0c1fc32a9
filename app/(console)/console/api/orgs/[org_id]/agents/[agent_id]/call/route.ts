// POST /console/api/orgs/{org_id}/agents/{agent_id}/call — "Call me": the agent calls the number the member typed (calls.write; POST /v1/calls with agent_id, every calling rule applying).
import { withMember } from '@/lib/accounts/access/with-member';
import { dispatchCall } from '@/lib/calls/dispatch-call';
import { getCallDeps } from '@/lib/composition/root';
import { defineRoute, parseBody, publicOrigin, readJson, uuidParam } from '@/lib/platform/http';
import { ConsoleCallMe } from '@/schemas/console';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: withMember('calls.write', async ({ request, params, orgId }) => {
    const agentId = uuidParam(params, 'agent_id');
    const { phone_number } = parseBody(ConsoleCallMe, await readJson(request, 'INVALID_BODY'));
    const placed = await dispatchCall(await getCallDeps(), {
      orgId,
      body: { agent_id: agentId, phone_number },
      idempotencyKey: null,
      origin: publicOrigin('voice'),
    });
    return Response.json(placed.body, { status: 201 });
  }),
});
