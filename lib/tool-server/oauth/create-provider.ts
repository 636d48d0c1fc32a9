import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { STORABLE, storableDeep } from '@/schemas/text';
import type { Db } from '../../adapters/db';
import { clientDocumentResolver } from './client-metadata-document';
import { MCP_SCOPES, OAUTH_MOUNT, mcpResource } from './constants';
import { applyDefaultScope, SCOPE_DEFAULTED_PARAM } from './default-scope';
import { deriveOAuthKeys } from './derive-keys';
import { drizzleAdapterFactory } from './drizzle-adapter';
import { grantAccountOrg } from './grant-account-org';
import { renderErrorPage } from './pages';
import { redirectUriAllowed } from './redirect-uri-allowed';

export interface ProviderOptions {
  apiUrl: string;
  secret: string;
  getDb: () => Promise<Db>;
  allowInsecureLoopbackDocuments: boolean;
}

const HOUR = 3600;
const DAY = 24 * HOUR;

const REDIRECT_CHECK = 'x_redirect_uris_required';

/**
 * The authorization server (oidc-provider) for one issuer, `{api_url}/authorization`. Codes live
 * 60 s; access tokens are opaque, bound to the tool server and live an hour; refresh tokens rotate
 * on every use; the library revokes a grant when a code or a rotated refresh token comes back.
 */
export function createProvider(options: ProviderOptions): Provider {
  const resource = mcpResource(options.apiUrl);
  const { cookieKey, signingJwk } = deriveOAuthKeys(options.secret);
  const configuration: Configuration = {
    adapter: drizzleAdapterFactory(
      options.getDb,
      clientDocumentResolver({ allowInsecureLoopback: options.allowInsecureLoopbackDocuments }),
    ),
    jwks: { keys: [signingJwk] },
    cookies: { keys: [cookieKey] },
    clientDefaults: {
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      id_token_signed_response_alg: 'ES256',
    },
    clientAuthMethods: ['none', 'client_secret_basic', 'client_secret_post'],
    // The library checks redirect_uris only when response_types is not empty, so a client could
    // register with `response_types: []` and none: it can never finish an authorization. The
    // validator runs for each listed extra property with the whole metadata; this one is a name no
    // client sends, there only to give every registration (and metadata document) this check.
    extraClientMetadata: {
      properties: [REDIRECT_CHECK],
      validator: (_ctx, _key, _value, metadata) => {
        // Stored as JSON in Postgres, which cannot hold a NUL or an unpaired surrogate: refused
        // here as the client's mistake (400 invalid_client_metadata), not a failed insert (500).
        const unstorable = Object.entries(metadata).find(([, value]) => !storableDeep(value));
        if (unstorable)
          throw new errors.InvalidClientMetadata(`${unstorable[0]} ${STORABLE.message}`);
        const uris = metadata.redirect_uris;
        if (!Array.isArray(uris) || uris.length === 0)
          throw new errors.InvalidRedirectUri('redirect_uris must contain members');
      },
    },
    responseTypes: ['code'],
    // A request without scope gets a default rather than a grant of nothing (default-scope.ts).
    extraParams: {
      scope: async (ctx, value, client) => applyDefaultScope(ctx, value, client),
      [SCOPE_DEFAULTED_PARAM]: null,
    },
    scopes: ['openid', 'offline_access', ...MCP_SCOPES],
    pkce: { required: () => true },
    routes: {
      authorization: '/authorize',
      token: '/token',
      registration: '/register',
      revocation: '/revoke',
      jwks: '/jwks',
    },
    ttl: {
      AuthorizationCode: 60,
      AccessToken: HOUR,
      RefreshToken: 30 * DAY,
      Grant: 30 * DAY,
      Interaction: 10 * 60,
      Session: HOUR,
      IdToken: HOUR,
    },
    features: {
      devInteractions: { enabled: false },
      // The tool server checks Bearer tokens only: a DPoP-bound token would be taken as a plain
      // bearer there, so none is issued. PAR is of no use to MCP clients.
      dPoP: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      registration: { enabled: true },
      revocation: { enabled: true },
      rpInitiatedLogout: { enabled: false },
      userinfo: { enabled: false },
      resourceIndicators: {
        enabled: true,
        // A client that names no resource means the tool server; any other resource is refused.
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (indicator !== resource)
            throw new errors.InvalidTarget(`the only resource is ${resource}`);
          return {
            scope: MCP_SCOPES.join(' '),
            audience: resource,
            accessTokenTTL: HOUR,
            accessTokenFormat: 'opaque',
          };
        },
      },
    },
    discovery: { client_id_metadata_document_supported: true },
    // Every authorization is approved on our page by a member: no grant is reused silently.
    loadExistingGrant: async (ctx) => {
      const grantId = ctx.oidc.result?.consent?.grantId;
      return grantId ? ctx.oidc.provider.Grant.find(grantId) : undefined;
    },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: () => true,
    // Tokens outlive the browser session of the consent page; the membership bounds them.
    expiresWithSession: async () => false,
    // A member's grant lasts while they stay in the org with a role that may approve clients.
    findAccount: async (_ctx, accountId) => {
      const orgId = await grantAccountOrg(await options.getDb(), accountId);
      return orgId ? { accountId, claims: () => ({ sub: accountId }) } : undefined;
    },
    interactions: { url: (_ctx, interaction) => `${OAUTH_MOUNT}/interaction/${interaction.uid}` },
    renderError: async (ctx: KoaContextWithOIDC, out) => {
      ctx.type = 'html';
      ctx.set('cache-control', 'no-store');
      ctx.body = renderErrorPage(out.error, out.error_description);
    },
  };
  const provider = new Provider(`${options.apiUrl}${OAUTH_MOUNT}`, configuration);
  // handle-oauth-request sets X-Forwarded-Host/Proto from the issuer, so URLs match it.
  provider.proxy = true;
  // RFC 8252 §7.3 for every client, not only application_type native (redirect-uri-allowed.ts).
  provider.Client.prototype.redirectUriAllowed = function (this: { redirectUris?: string[] }, uri) {
    return redirectUriAllowed(uri, this.redirectUris ?? []);
  };
  return provider;
}
