import {
  createMcpHandler,
  isLegacyRequest,
  legacyStatelessFallback,
  WebStandardStreamableHTTPServerTransport,
  type McpRequestContext,
  type McpServer,
} from '@modelcontextprotocol/server';
import { ApiError } from '../../platform/errors/api-error';
import { MAX_JSON_BODY_BYTES } from '../../platform/http/read-json';
import { readLimited } from '../../platform/http/read-limited';
import type { McpAuth } from './authenticate-mcp';
import { createToolServer } from './create-tool-server';
import type { ToolContext } from './types';

type Deps = Omit<ToolContext, 'orgId' | 'key' | 'actor'>;
const contexts = new WeakMap<Request, Deps>();

/** Each request gets a fresh tool server acting for the org its credential belongs to. */
async function factory(request: McpRequestContext): Promise<McpServer> {
  const deps = request.requestInfo && contexts.get(request.requestInfo);
  const auth = request.authInfo as McpAuth | undefined;
  const extra = auth?.extra;
  if (!deps || !auth || !extra) throw new Error('tool server reached without authentication');
  const actor = extra.key
    ? { type: 'api_key' as const, id: extra.key.keyId }
    : { type: 'agent' as const, id: auth.clientId };
  return createToolServer({ ...deps, orgId: extra.orgId, key: extra.key ?? null, actor });
}

const onerror = (error: Error) => console.error('[mcp]', error.message);
// 2026-07-28 traffic: stateless by design; JSON unless a tool sends progress (then SSE).
const modern = createMcpHandler(factory, { legacy: 'reject', responseMode: 'auto', onerror });
// 2025-era traffic that asked for progress needs the SDK's SSE leg.
const legacySse = legacyStatelessFallback(factory, onerror, {
  maxRequestBodySize: MAX_JSON_BODY_BYTES,
});

const asksForProgress = (body: unknown): boolean =>
  (Array.isArray(body) ? body : [body]).some(
    (message) =>
      typeof message === 'object' &&
      message !== null &&
      (message as { params?: { _meta?: { progressToken?: unknown } } }).params?._meta
        ?.progressToken !== undefined,
  );

/** 2025-era clients, statelessly, with a plain JSON answer (no SSE buffering behind proxies). */
async function serveLegacyJson(
  request: Request,
  auth: McpAuth,
  parsedBody: unknown,
): Promise<Response> {
  const server = await factory({ era: 'legacy', authInfo: auth, requestInfo: request });
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request, {
      authInfo: auth,
      ...(parsedBody === undefined ? {} : { parsedBody }),
    });
  } finally {
    void transport.close().catch(() => undefined);
    void server.close().catch(() => undefined);
  }
}

const tooLarge = () =>
  new ApiError('PAYLOAD_TOO_LARGE', { hint: `Send at most ${MAX_JSON_BODY_BYTES} bytes.` });

/**
 * Serves one authenticated POST to the tool server. The body is read once here (size-limited)
 * and handed over parsed; both protocol revisions are served by the same tools.
 */
export async function serveMcp(request: Request, auth: McpAuth, deps: Deps): Promise<Response> {
  const text = (await readLimited(request, MAX_JSON_BODY_BYTES, tooLarge, 'INVALID_BODY')).toString(
    'utf8',
  );
  let parsedBody: unknown;
  try {
    parsedBody = JSON.parse(text);
  } catch {
    // Not JSON: the legacy transport answers the JSON-RPC parse error clients expect.
    const raw = new Request(request.url, { method: 'POST', headers: request.headers, body: text });
    contexts.set(raw, deps);
    return serveLegacyJson(raw, auth, undefined);
  }
  contexts.set(request, deps);
  if (!(await isLegacyRequest(request, parsedBody))) {
    return scopeAnswer(await modern.fetch(request, { authInfo: auth, parsedBody }));
  }
  const response = asksForProgress(parsedBody)
    ? await legacySse(request, { authInfo: auth, parsedBody })
    : await serveLegacyJson(request, auth, parsedBody);
  return scopeAnswer(response);
}

/** The SDK's step-up answer (403 insufficient_scope) keeps its challenge, in our envelope. */
function scopeAnswer(response: Response): Response {
  const challenge = response.headers.get('www-authenticate');
  if (response.status !== 403 || !challenge) return response;
  const scope = /scope="([^"]*)"/.exec(challenge)?.[1] ?? '';
  throw new ApiError('INSUFFICIENT_SCOPE', {
    message: `This tool needs the scope ${scope}; the access token does not carry it.`,
    headers: { 'WWW-Authenticate': challenge },
  });
}
