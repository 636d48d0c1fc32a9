import { z } from './zod';

export const ProtectedResourceMetadata = z
  .object({
    resource: z.url().describe('The tool server, `{api_url}/v1/mcp`: the audience of its tokens.'),
    authorization_servers: z.array(z.url()).describe('`{api_url}/authorization`.'),
    scopes_supported: z
      .array(z.enum(['mcp:read', 'mcp:write']))
      .describe(
        '`mcp:read` (the read tools) and `mcp:write` (the tools that act or spend); `mcp:write` includes `mcp:read`, so a token granted only `mcp:write` can use every tool.',
      ),
    bearer_methods_supported: z.array(z.literal('header')),
    resource_name: z.string(),
    resource_documentation: z.url(),
  })
  .describe(
    'RFC 9728 metadata of the tool server. Scopes form a hierarchy: `mcp:write` implies `mcp:read`.',
  )
  .meta({ id: 'ProtectedResourceMetadata' });

export const AuthorizationServerMetadata = z
  .object({
    issuer: z.url().describe('`{api_url}/authorization`'),
    authorization_endpoint: z.url(),
    token_endpoint: z.url(),
    registration_endpoint: z.url().describe('Dynamic Client Registration (RFC 7591).'),
    revocation_endpoint: z.url().describe('Token revocation (RFC 7009).'),
    jwks_uri: z.url().optional(),
    scopes_supported: z
      .array(z.string())
      .describe(
        '`mcp:read`, `mcp:write`, and `offline_access` (the tool server lists only the first two).',
      ),
    response_types_supported: z.array(z.string()).describe('`code` only.'),
    grant_types_supported: z.array(z.string()),
    code_challenge_methods_supported: z
      .array(z.string())
      .describe('`S256` only: PKCE is required.'),
    token_endpoint_auth_methods_supported: z
      .array(z.string())
      .describe('Includes `none`: public clients (most MCP clients) use PKCE alone.'),
    client_id_metadata_document_supported: z
      .boolean()
      .describe('A client id may be the https URL of its Client ID Metadata Document.'),
    authorization_response_iss_parameter_supported: z
      .boolean()
      .describe('Authorization responses carry `iss` (RFC 9207).'),
  })
  .loose()
  .describe(
    'RFC 8414 metadata of the authorization server (also served at the OpenID discovery paths).',
  )
  .meta({ id: 'AuthorizationServerMetadata' });

export const OAuthTokenResponse = z
  .object({
    access_token: z.string().describe('Opaque; valid only at `{api_url}/v1/mcp`.'),
    token_type: z.literal('Bearer'),
    expires_in: z.number().int(),
    refresh_token: z
      .string()
      .optional()
      .describe('Rotated on every use; a replay revokes the grant.'),
    scope: z.string(),
  })
  .describe('Token endpoint answer (RFC 6749 §5.1).')
  .meta({ id: 'OAuthTokenResponse' });

export const OAuthError = z
  .object({
    error: z
      .string()
      .describe(
        'RFC 6749 code: `invalid_grant` (unknown, expired, reused code or refresh token, wrong PKCE verifier or redirect URI), `invalid_client`, `invalid_target` (a resource other than the tool server), `invalid_request`, `invalid_scope`, `access_denied`.',
      ),
    error_description: z.string().optional(),
  })
  .describe(
    'OAuth error answer of the authorization server (its own format, not the ApiError envelope).',
  )
  .meta({ id: 'OAuthError' });

export const AuthorizeQuery = z.object({
  response_type: z.literal('code'),
  client_id: z
    .string()
    .describe('A registered client id, or the https URL of a Client ID Metadata Document.'),
  redirect_uri: z.url().describe('Exactly one of the client’s registered redirect URIs.'),
  scope: z.string().describe('`mcp:read`, `mcp:write` (space-separated).'),
  state: z.string().optional(),
  code_challenge: z.string().describe('PKCE: BASE64URL(SHA-256(code_verifier)).'),
  code_challenge_method: z.literal('S256'),
  resource: z
    .url()
    .optional()
    .describe(
      '`{api_url}/v1/mcp` (RFC 8707); omitted means the same; any other is `invalid_target`.',
    ),
});

export const TokenRequest = z
  .object({
    grant_type: z.enum(['authorization_code', 'refresh_token']),
    client_id: z.string(),
    code: z.string().optional().describe('authorization_code: the code (single use, 60 s).'),
    code_verifier: z.string().optional().describe('authorization_code: the PKCE verifier.'),
    redirect_uri: z.url().optional().describe('authorization_code: as sent to authorize.'),
    refresh_token: z.string().optional().describe('refresh_token: the latest refresh token.'),
    resource: z.url().optional().describe('`{api_url}/v1/mcp`.'),
  })
  .describe('Form-encoded (`application/x-www-form-urlencoded`).');

export const RevocationRequest = z.object({
  token: z.string(),
  token_type_hint: z.enum(['access_token', 'refresh_token']).optional(),
  client_id: z.string(),
});

export const ClientRegistration = z
  .object({
    redirect_uris: z.array(z.url()).min(1),
    client_name: z.string().min(1).optional().describe('Shown on the consent page.'),
    token_endpoint_auth_method: z
      .enum(['none', 'client_secret_basic', 'client_secret_post'])
      .optional(),
    grant_types: z.array(z.enum(['authorization_code', 'refresh_token'])).optional(),
    response_types: z.array(z.literal('code')).optional(),
  })
  .loose()
  .describe(
    'RFC 7591 client metadata; the answer repeats it with `client_id` (and a secret for confidential clients).',
  )
  .meta({ id: 'OAuthClientRegistration' });
