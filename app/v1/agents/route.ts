// POST /v1/agents — save an agent (version 1); GET /v1/agents — the org's agents, newest first.
import { createAgent, listAgents } from '@/lib/calls/agents';
import { requireApiKey } from '@/lib/accounts/access/api-key-auth';
import { getAgentDeps } from '@/lib/composition/root';
import { clientIp, defineRoute, parseBody, readJson } from '@/lib/platform/http';
import { systemClock } from '@/lib/platform/runtime/clock';
import { AgentListQuery } from '@/schemas/agents';

export const dynamic = 'force-dynamic';

const noStore = { 'Cache-Control': 'no-store' };

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: async ({ request }) => {
    const { orgId, keyId } = await requireApiKey(request);
    const agent = await createAgent(
      await getAgentDeps(),
      {
        orgId,
        body: await readJson(request),
        actor: { type: 'api_key', id: keyId, ip: clientIp(request.headers) },
      },
      new Date(systemClock.now()),
    );
    return Response.json(agent, { status: 201, headers: noStore });
  },
  GET: async ({ request }) => {
    const { orgId } = await requireApiKey(request);
    const query = parseBody(
      AgentListQuery,
      Object.fromEntries(request.nextUrl.searchParams),
      'INVALID_QUERY',
    );
    const { db } = await getAgentDeps();
    return Response.json(await listAgents(db, orgId, query), { headers: noStore });
  },
});
