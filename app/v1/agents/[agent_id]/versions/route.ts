// GET /v1/agents/{agent_id}/versions — every version of a saved agent, newest first.
import { listAgentVersions } from '@/lib/calls/agents';
import { requireApiKey } from '@/lib/accounts/access/api-key-auth';
import { getAgentDeps } from '@/lib/composition/root';
import { defineRoute, parseBody, uuidParam } from '@/lib/platform/http';
import { AgentVersionsQuery } from '@/schemas/agents';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  GET: async ({ request, params }) => {
    const { orgId } = await requireApiKey(request);
    const query = parseBody(
      AgentVersionsQuery,
      Object.fromEntries(request.nextUrl.searchParams),
      'INVALID_QUERY',
    );
    const { db } = await getAgentDeps();
    const versions = await listAgentVersions(db, orgId, uuidParam(params, 'agent_id'), query);
    return Response.json(versions, { headers: { 'Cache-Control': 'no-store' } });
  },
});
