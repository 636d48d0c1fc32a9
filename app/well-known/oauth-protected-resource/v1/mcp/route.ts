// GET /.well-known/oauth-protected-resource/v1/mcp — RFC 9728 metadata of the tool server (rewritten here by next.config.ts).
import { getConfig } from '@/lib/platform/config/config';
import { defineRoute, publicOrigin } from '@/lib/platform/http';
import { protectedResourceMetadata } from '@/lib/tool-server/mcp/protected-resource-metadata';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  GET: () =>
    Response.json(
      protectedResourceMetadata(publicOrigin('voice'), Boolean(getConfig().PUBLIC_API_URL)),
      // Browser-based MCP clients read it cross-origin; it holds nothing private.
      { headers: { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'public, max-age=300' } },
    ),
});
