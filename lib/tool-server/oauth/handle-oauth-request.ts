import type { IncomingMessage, ServerResponse } from 'node:http';
import { LRUCache } from 'lru-cache';
import type { Config } from '../../platform/config/config';
import { getDb } from '../../adapters/db';
import { ApiError } from '../../platform/errors/api-error';
import { clientIp } from '../../platform/http/client-ip';
import { nodeErrorAnswer } from '../../platform/http/answer-before-next';
import { publicOrigin } from '../../platform/http/public-origin';
import { OAUTH_MOUNT, mcpResource } from './constants';
import { createProvider } from './create-provider';
import { deriveOAuthKeys } from './derive-keys';
import { handleInteraction, type InteractionContext } from './handle-interaction';
import { oauthMethodRefusal } from './oauth-methods';
import { renderErrorPage } from './pages';

/** Where clients look for the metadata (RFC 8414 and OpenID Connect Discovery, path-inserted). */
const METADATA_PATHS = new Set([
  `/.well-known/oauth-authorization-server${OAUTH_MOUNT}`,
  `/.well-known/openid-configuration${OAUTH_MOUNT}`,
]);
const INTERACTION = new RegExp(`^${OAUTH_MOUNT}/interaction/([A-Za-z0-9_-]{1,64})$`);

type Mounted = InteractionContext & {
  callback: ReturnType<InteractionContext['provider']['callback']>;
};

// One provider per issuer (one in a running process; tests may change the configuration).
const providers = new LRUCache<string, Mounted>({ max: 16 });

function mounted(apiUrl: string, config: Config): Mounted {
  let entry = providers.get(apiUrl);
  if (!entry) {
    const provider = createProvider({
      apiUrl,
      secret: config.URL_SIGNING_KEY,
      getDb,
      allowInsecureLoopbackDocuments: config.OAUTH_CIMD_ALLOW_INSECURE_LOOPBACK,
    });
    entry = {
      provider,
      callback: provider.callback(),
      issuer: provider.issuer,
      cookieKey: deriveOAuthKeys(config.URL_SIGNING_KEY).cookieKey,
      resource: mcpResource(apiUrl),
      siteUrl: config.PUBLIC_SITE_URL?.replace(/\/$/, ''),
      getDb,
    };
    providers.set(apiUrl, entry);
  }
  return entry;
}

/** Does this path belong to the authorization server (rather than to Next)? */
export function isOAuthPath(pathname: string): boolean {
  return (
    pathname === OAUTH_MOUNT ||
    pathname.startsWith(`${OAUTH_MOUNT}/`) ||
    METADATA_PATHS.has(pathname)
  );
}

/**
 * Serves the authorization server beside Next: oidc-provider's own routes under
 * `/authorization/*`, its metadata at the well-known paths, and our consent page.
 */
export async function handleOAuthRequest(
  req: IncomingMessage,
  res: ServerResponse,
  config: Config,
): Promise<void> {
  try {
    // The issuer is configured (or where this process listens), never the request's Host.
    const apiUrl = publicOrigin('voice');
    const entry = mounted(apiUrl, config);
    // The provider trusts these two headers (and nothing else from a proxy): they come from the
    // issuer, so every URL it writes matches the issuer whatever the request said.
    const issuerUrl = new URL(entry.issuer);
    req.headers['x-forwarded-host'] = issuerUrl.host;
    req.headers['x-forwarded-proto'] = issuerUrl.protocol.slice(0, -1);
    // Read before it goes: the consent's audit row keeps the approver's address.
    const ip = clientIp(
      new Headers({ 'x-forwarded-for': String(req.headers['x-forwarded-for'] ?? '') }),
    );
    delete req.headers['x-forwarded-for'];

    const original = req.url ?? '/';
    const [pathname = '/', query] = original.split('?', 2);
    const method = req.method ?? 'GET';
    const allow = oauthMethodRefusal(pathname, method, {
      origin: req.headers.origin,
      'access-control-request-method': req.headers['access-control-request-method'] as
        string | undefined,
    });
    if (allow) {
      req.resume();
      if (method === 'OPTIONS') {
        res.writeHead(204, { Allow: allow }).end();
        return;
      }
      const error = new ApiError('METHOD_NOT_ALLOWED', { headers: { Allow: allow } });
      const answer = await nodeErrorAnswer(req, new URL(original, apiUrl), apiUrl, error);
      res.writeHead(answer.status, answer.headers).end(answer.body);
      return;
    }
    const interaction = INTERACTION.exec(pathname);
    if (interaction) {
      await handleInteraction(req, res, interaction[1]!, entry, ip);
      return;
    }
    const inner = METADATA_PATHS.has(pathname)
      ? '/.well-known/openid-configuration'
      : pathname.slice(OAUTH_MOUNT.length) || '/';
    // Mounted like Express would: the provider finds its mount path from originalUrl vs url.
    const request = req as IncomingMessage & { originalUrl?: string };
    request.originalUrl = `${OAUTH_MOUNT}${inner}${query === undefined ? '' : `?${query}`}`;
    request.url = `${inner}${query === undefined ? '' : `?${query}`}`;
    await entry.callback(req, res);
  } catch (error) {
    console.error('authorization server failed:', error);
    if (!res.headersSent) {
      res.writeHead(500, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
      });
      res.end(renderErrorPage('server_error', 'the authorization server failed; try again'));
    } else res.destroy();
  }
}
