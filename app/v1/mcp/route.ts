// POST /v1/mcp — the tool server (MCP, Streamable HTTP, stateless): the platform as tools for AI agents.
import { getBillingDeps, getCallDeps, getSpeechDeps } from '@/lib/composition/root';
import { getConfig } from '@/lib/platform/config/config';
import { defineRoute, publicOrigin } from '@/lib/platform/http';
import { authenticateMcp } from '@/lib/tool-server/mcp/authenticate-mcp';
import { checkOrigin } from '@/lib/tool-server/mcp/check-origin';
import { limitMcpRequests } from '@/lib/tool-server/mcp/limit-mcp-requests';
import { serveMcp } from '@/lib/tool-server/mcp/serve-mcp';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: async ({ request }) => {
    const config = getConfig();
    checkOrigin(request.headers.get('origin'), {
      publicUrls: [config.PUBLIC_API_URL, config.PUBLIC_SITE_URL],
      allowed: config.MCP_ALLOWED_ORIGINS,
    });
    const origin = publicOrigin('voice');
    const calls = await getCallDeps();
    const auth = await authenticateMcp(
      calls.db,
      request.headers.get('authorization'),
      origin,
      calls.clock.now(),
    );
    const limitHeaders = await limitMcpRequests(
      calls.store,
      auth.extra.orgId,
      config.MCP_REQUESTS_PER_MINUTE,
      calls.clock.now(),
    );
    const response = await serveMcp(request, auth, {
      origin,
      calls,
      speech: await getSpeechDeps(),
      billing: getBillingDeps,
    });
    for (const [name, value] of Object.entries(limitHeaders)) response.headers.set(name, value);
    return response;
  },
});
