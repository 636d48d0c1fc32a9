import { z } from './zod';

export const ProtectedResourceMetadata = z
  .object({
    resource: z.url(),
    authorization_servers: z.array(z.url()),
    scopes_supported: z.array(z.enum(['mcp:read', 'mcp:write'])),
    bearer_methods_supported: z.array(z.string()),
  })
  .describe('RFC 9728 metadata of the tool server.')
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
