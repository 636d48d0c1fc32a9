import { buildOAuthProtectedResourceMetadata } from '@modelcontextprotocol/server';
import { ALL_SCOPES, authorizationIssuer, mcpResourceUrl } from './mcp-urls';

/**
 * RFC 9728 metadata of the tool server: its resource id, our authorization server, the scopes
 * (offline_access is the authorization server's business, never listed here) and Bearer in the
 * header as the only way to present a token.
 */
export function protectedResourceMetadata(apiOrigin: string, configured: boolean) {
  const issuer = authorizationIssuer(apiOrigin);
  return {
    ...buildOAuthProtectedResourceMetadata({
      oauthMetadata: {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        response_types_supported: ['code'],
      },
      resourceServerUrl: mcpResourceUrl(apiOrigin),
      scopesSupported: ALL_SCOPES,
      resourceName: 'Voice AI tool server',
      serviceDocumentationUrl: new URL('/v1/docs', apiOrigin),
      // An origin taken from the Host header (nothing configured) is a developer's machine.
      dangerouslyAllowInsecureIssuerUrl: !configured,
    }),
    bearer_methods_supported: ['header'],
  };
}
