import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import {
  AuthorizationServerMetadata,
  AuthorizeQuery,
  ClientRegistration,
  OAuthError,
  OAuthTokenResponse,
  RevocationRequest,
  TokenRequest,
} from '../../oauth';
import { z } from '../../zod';
import { json } from './voice-common';

const form = <T extends Parameters<typeof json>[0]>(schema: T) => ({
  body: { required: true, content: { 'application/x-www-form-urlencoded': { schema } } },
});
const oauthError = (description: string) => json(OAuthError, description);
const page = (description: string) => ({
  description,
  content: { 'text/html': { schema: { type: 'string' as const } } },
});

/** The authorization server of the tool server (oidc-provider, mounted at /authorization). */
export function registerOAuthPaths(registry: OpenAPIRegistry): void {
  registry.registerPath({
    method: 'get',
    path: '/.well-known/oauth-authorization-server/authorization',
    operationId: 'getAuthorizationServerMetadata',
    tags: ['Tool server authorization'],
    summary: 'Authorization server metadata (RFC 8414)',
    description:
      'Also served at `/.well-known/openid-configuration/authorization` and ' +
      '`/authorization/.well-known/openid-configuration`, the OpenID discovery paths MCP clients try.',
    responses: { 200: json(AuthorizationServerMetadata, 'The metadata.') },
  });

  registry.registerPath({
    method: 'get',
    path: '/authorization/authorize',
    operationId: 'authorize',
    tags: ['Tool server authorization'],
    summary: 'Start an authorization (PKCE S256 required)',
    description:
      'Redirects the browser to the consent page, where a person pastes an API key of their ' +
      'organization, sees the client’s name and where it will be sent back, may grant read only, and ' +
      'approves or denies. The answer comes back to `redirect_uri` with `code` (or `error`, e.g. ' +
      '`access_denied`, `invalid_target`, `invalid_request` for a missing or `plain` PKCE challenge), ' +
      '`state` and `iss` (RFC 9207). An unknown client or an unregistered redirect URI is shown on our ' +
      'own page and never redirected to.',
    request: { query: AuthorizeQuery },
    responses: {
      303: {
        description:
          'To the consent page, then to the client’s redirect URI (`Location`). The body is a short note with the link, HTML when the client accepts it, for clients that do not follow redirects.',
        headers: z.object({ Location: z.string().describe('Where to go next.') }),
        content: {
          'text/html': { schema: { type: 'string' as const } },
          'text/plain': { schema: { type: 'string' as const } },
        },
      },
      400: page('`invalid_client` or `invalid_redirect_uri`: an HTML page, no redirect.'),
    },
  });

  registry.registerPath({
    method: 'post',
    path: '/authorization/token',
    operationId: 'token',
    tags: ['Tool server authorization'],
    summary: 'Exchange a code or a refresh token',
    description:
      'Codes are single-use, live 60 s and are bound to the client, the redirect URI, the PKCE ' +
      'verifier and the resource; a reused code revokes what it issued. Refresh tokens rotate on ' +
      'every use; a replayed one revokes the whole grant. Access tokens are opaque, live an hour and ' +
      'are accepted only by `/v1/mcp` (every other route answers 401). Revoking the API key that ' +
      'approved a grant ends its tokens.',
    request: form(TokenRequest),
    responses: {
      200: json(OAuthTokenResponse, 'The tokens.'),
      400: oauthError('`invalid_grant`, `invalid_request`, `invalid_target`, `invalid_scope`.'),
      401: oauthError('`invalid_client`: an unknown client or failed client authentication.'),
    },
  });

  registry.registerPath({
    method: 'post',
    path: '/authorization/register',
    operationId: 'registerClient',
    tags: ['Tool server authorization'],
    summary: 'Dynamic Client Registration (RFC 7591)',
    description:
      'For clients without a Client ID Metadata Document (which the metadata prefers: ' +
      '`client_id_metadata_document_supported`).',
    request: {
      body: { required: true, content: { 'application/json': { schema: ClientRegistration } } },
    },
    responses: {
      201: json(ClientRegistration, 'The registered client, with its `client_id`.'),
      400: oauthError('`invalid_redirect_uri` or `invalid_client_metadata`.'),
    },
  });

  registry.registerPath({
    method: 'post',
    path: '/authorization/revoke',
    operationId: 'revokeToken',
    tags: ['Tool server authorization'],
    summary: 'Revoke a token (RFC 7009)',
    description:
      'Revoking a refresh token ends its grant; revoking an access token ends it and the refresh ' +
      'tokens of its grant. Unknown tokens are answered 200 too, as the RFC asks.',
    request: form(RevocationRequest),
    responses: {
      200: { description: 'Revoked (or already unknown).' },
      400: oauthError(
        '`invalid_request`: a missing `token`, a body that is not form-encoded, or a malformed Authorization header.',
      ),
      401: oauthError('`invalid_client`.'),
    },
  });
}
