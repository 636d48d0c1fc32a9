import { request as httpRequest, type Agent, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { LRUCache } from 'lru-cache';
import { errors, type AdapterPayload } from 'oidc-provider';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { checkWebhookUrl } from '../../adapters/webhooks/check-webhook-url';

/** The draft's advice: documents are small. */
const MAX_BYTES = 5 * 1024;
const TIMEOUT_MS = 5_000;
const CACHE_S = { min: 60, default: 300, max: 24 * 3600 };
const LOOPBACK = ['127.0.0.0/8', '::1/128'];
const SUPPORTED_GRANTS = new Set(['authorization_code', 'refresh_token']);
/** What a document may set; anything else in it is ignored. */
const KEPT = ['client_name', 'client_uri', 'redirect_uris', 'grant_types', 'scope'] as const;

export interface ClientDocumentOptions {
  /** Tests only: http:// and loopback addresses allowed (OAUTH_CIMD_ALLOW_INSECURE_LOOPBACK). */
  allowInsecureLoopback: boolean;
}

class DocumentRefused extends Error {}

const refuse = (why: string) =>
  new errors.InvalidClient(`client metadata document refused: ${why}`);

/** Is this client id a Client ID Metadata Document URL (rather than a registered id)? */
export function isClientDocumentUrl(id: string): boolean {
  return /^https?:\/\//i.test(id);
}

/**
 * Client ID Metadata Documents (draft-ietf-oauth-client-id-metadata-document): the client id is an
 * https URL whose JSON names the client and binds its redirect URIs. Fetched through the same
 * SSRF-filtering agents as webhooks (private, loopback and metadata addresses refused after DNS
 * resolution, no redirects), at most 5 KiB within 5 s, cached per its Cache-Control (1 min–1 day).
 */
export function clientDocumentResolver(options: ClientDocumentOptions) {
  const allowIps = options.allowInsecureLoopback ? LOOPBACK : [];
  const agents: { http: Agent; https: Agent } = {
    http: new RequestFilteringHttpAgent({ allowIPAddressList: allowIps }),
    https: new RequestFilteringHttpsAgent({ allowIPAddressList: allowIps }),
  };
  const cache = new LRUCache<string, AdapterPayload>({ max: 500, ttl: CACHE_S.default * 1000 });

  return async (id: string): Promise<AdapterPayload | undefined> => {
    if (!isClientDocumentUrl(id)) return undefined;
    const cached = cache.get(id);
    if (cached) return cached;
    const url = checkShape(id, options.allowInsecureLoopback);
    const verdict = await checkWebhookUrl(id, allowIps);
    if (!verdict.ok) throw refuse(`the URL ${verdict.reason}`);
    let fetched: { body: string; maxAgeS: number };
    try {
      fetched = await fetchDocument(url, url.protocol === 'https:' ? agents.https : agents.http);
    } catch (error) {
      const message = (error as Error).message;
      throw refuse(
        /not allowed/i.test(message) ? 'the URL resolves to a private address' : message,
      );
    }
    const metadata = parseDocument(id, fetched.body);
    cache.set(id, metadata, { ttl: fetched.maxAgeS * 1000 });
    return metadata;
  };
}

function checkShape(id: string, allowInsecureLoopback: boolean): URL {
  let url: URL;
  try {
    url = new URL(id);
  } catch {
    throw refuse('the client id is not a URL');
  }
  const loopbackHttp =
    allowInsecureLoopback &&
    url.protocol === 'http:' &&
    /^(127\.|\[::1\]$|localhost$)/.test(url.hostname);
  if (url.protocol !== 'https:' && !loopbackHttp)
    throw refuse('the client id must be an https URL');
  if (url.username || url.password || url.hash || url.pathname === '/')
    throw refuse('the client id URL must have a path and no credentials or fragment');
  if (url.href !== id) throw refuse('the client id URL is not in normal form');
  return url;
}

function fetchDocument(url: URL, agent: Agent): Promise<{ body: string; maxAgeS: number }> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      url,
      { method: 'GET', agent, timeout: TIMEOUT_MS, headers: { accept: 'application/json' } },
      (res: IncomingMessage) => {
        if (res.statusCode !== 200) {
          res.resume();
          reject(new DocumentRefused(`the document answered HTTP ${res.statusCode ?? 0}`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= MAX_BYTES) {
            chunks.push(chunk);
            return;
          }
          // Settle first: destroying the socket makes the response emit its own abort error.
          reject(new DocumentRefused(`the document is over ${MAX_BYTES} bytes`));
          req.destroy();
        });
        res.on('end', () =>
          resolve({
            body: Buffer.concat(chunks).toString('utf8'),
            maxAgeS: cacheSeconds(res.headers['cache-control']),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new DocumentRefused(`no answer within ${TIMEOUT_MS} ms`)));
    req.on('error', reject);
    req.end();
  });
}

function cacheSeconds(cacheControl: string | undefined): number {
  const match = /(?:^|,)\s*max-age\s*=\s*(\d+)/i.exec(cacheControl ?? '');
  const seconds = match ? Number(match[1]) : CACHE_S.default;
  return Math.min(CACHE_S.max, Math.max(CACHE_S.min, seconds));
}

/** The document's own checks; the library validates the resulting metadata like any client's. */
export function parseDocument(id: string, body: string): AdapterPayload {
  let doc: unknown;
  try {
    doc = JSON.parse(body);
  } catch {
    throw refuse('the document is not JSON');
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc))
    throw refuse('the document is not a JSON object');
  const fields = doc as Record<string, unknown>;
  if (fields.client_id !== id) throw refuse('its client_id is not the URL it was fetched from');
  if ('client_secret' in fields) throw refuse('it must not contain a client_secret');
  const method = fields.token_endpoint_auth_method;
  if (method !== undefined && method !== 'none')
    throw refuse('token_endpoint_auth_method must be none (public client)');
  const redirects = fields.redirect_uris;
  if (
    !Array.isArray(redirects) ||
    redirects.length === 0 ||
    !redirects.every((u) => typeof u === 'string')
  )
    throw refuse('redirect_uris must be a non-empty array of URLs');
  const metadata: Record<string, unknown> = { client_id: id, token_endpoint_auth_method: 'none' };
  for (const field of KEPT) if (fields[field] !== undefined) metadata[field] = fields[field];
  if (Array.isArray(fields.grant_types))
    metadata.grant_types = fields.grant_types.filter((g) => SUPPORTED_GRANTS.has(String(g)));
  return metadata;
}
