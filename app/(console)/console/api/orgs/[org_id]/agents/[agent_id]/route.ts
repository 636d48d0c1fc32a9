// PATCH|DELETE /console/api/orgs/{org_id}/agents/{agent_id} — the console's edit (a new version) and delete (calls.write).
import { deleteAgent, updateAgent } from '@/lib/calls/agents';
import { withMember } from '@/lib/accounts/access/with-member';
import { getAgentDeps } from '@/lib/composition/root';
import { defineRoute, readJson, uuidParam } from '@/lib/platform/http';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  PATCH: withMember('calls.write', async ({ request, params, orgId, actor }) => {
    const agentId = uuidParam(params, 'agent_id');
    const agent = await updateAgent(
      await getAgentDeps(),
      { orgId, agentId, body: await readJson(request), actor },
      new Date(),
    );
    return Response.json(agent);
  }),
  DELETE: withMember('calls.write', async ({ params, orgId, db, actor }) => {
    const agentId = uuidParam(params, 'agent_id');
    return Response.json(await deleteAgent(db, { orgId, agentId, actor }, new Date()));
  }),
});
