import { getOAuthProtectedResourceMetadataUrl } from '@modelcontextprotocol/server';
import { mcpScopes } from '@/schemas/mcp';

/** The tool server's URL: its RFC 8707 resource identifier, the audience of its tokens. */
export const mcpResourceUrl = (apiOrigin: string) => new URL('/v1/mcp', apiOrigin);

/** Where its RFC 9728 protected-resource metadata is served. */
export const mcpResourceMetadataUrl = (apiOrigin: string) =>
  getOAuthProtectedResourceMetadataUrl(mcpResourceUrl(apiOrigin));

/** The authorization server's issuer. */
export const authorizationIssuer = (apiOrigin: string) => `${apiOrigin}/authorization`;

export const ALL_SCOPES = [...mcpScopes];
