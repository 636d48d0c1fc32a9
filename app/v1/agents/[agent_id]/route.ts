// GET|PATCH|DELETE /v1/agents/{agent_id} — one saved agent: read it, change it (a new version), delete it.
import { deleteAgent, getAgent, updateAgent } from '@/lib/calls/agents';
import { requireApiKey } from '@/lib/accounts/access/api-key-auth';
import { getAgentDeps } from '@/lib/composition/root';
import { clientIp, defineRoute, readJson, uuidParam } from '@/lib/platform/http';
import { systemClock } from '@/lib/platform/runtime/clock';

export const dynamic = 'force-dynamic';

const noStore = { 'Cache-Control': 'no-store' };

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  GET: async ({ request, params }) => {
    const { orgId } = await requireApiKey(request);
    const { db } = await getAgentDeps();
    const agent = await getAgent(db, orgId, uuidParam(params, 'agent_id'));
    return Response.json(agent, { headers: noStore });
  },
  PATCH: async ({ request, params }) => {
    const { orgId, keyId } = await requireApiKey(request);
    const agent = await updateAgent(
      await getAgentDeps(),
      {
        orgId,
        agentId: uuidParam(params, 'agent_id'),
        body: await readJson(request),
        actor: { type: 'api_key', id: keyId, ip: clientIp(request.headers) },
      },
      new Date(systemClock.now()),
    );
    return Response.json(agent, { headers: noStore });
  },
  DELETE: async ({ request, params }) => {
    const { orgId, keyId } = await requireApiKey(request);
    const { db } = await getAgentDeps();
    const deleted = await deleteAgent(
      db,
      {
        orgId,
        agentId: uuidParam(params, 'agent_id'),
        actor: { type: 'api_key', id: keyId, ip: clientIp(request.headers) },
      },
      new Date(systemClock.now()),
    );
    return Response.json(deleted, { headers: noStore });
  },
});
