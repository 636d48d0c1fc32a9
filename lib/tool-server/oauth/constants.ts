/** Where the authorization server is mounted beside Next (its issuer is `{api_url}/authorization`). */
export const OAUTH_MOUNT = '/authorization';

/** The scopes of the tool server: a grant may carry read only. */
export const MCP_SCOPES = ['mcp:read', 'mcp:write'] as const;
export type McpScope = (typeof MCP_SCOPES)[number];

/** The one resource (RFC 8707 audience) tokens of this server are issued for. */
export function mcpResource(apiUrl: string): string {
  return `${apiUrl}/v1/mcp`;
}

export function issuerFor(apiUrl: string): string {
  return `${apiUrl}${OAUTH_MOUNT}`;
}
