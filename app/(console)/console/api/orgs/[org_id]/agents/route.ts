// POST /console/api/orgs/{org_id}/agents — the console's "new agent" (calls.write; the API's create).
import { createAgent } from '@/lib/calls/agents';
import { withMember } from '@/lib/accounts/access/with-member';
import { getAgentDeps } from '@/lib/composition/root';
import { defineRoute, readJson } from '@/lib/platform/http';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: withMember('calls.write', async ({ request, orgId, actor }) => {
    const agent = await createAgent(
      await getAgentDeps(),
      { orgId, body: await readJson(request), actor },
      new Date(),
    );
    return Response.json(agent, { status: 201 });
  }),
});
