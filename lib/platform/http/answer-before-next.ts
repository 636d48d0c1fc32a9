import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { ApiError } from '../errors/api-error';
import type { ApiName } from './docs-url';
import { renderError } from './render-error';

/**
 * The methods Next's handler can serve. Node parses more (TRACE, PROPFIND, SEARCH, ...) and Next
 * then fails to build a Request (a 500 and a stack trace) or answers a bare 400, so server.ts
 * answers those itself.
 */
const NEXT_METHODS: ReadonlySet<string> = new Set([
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
]);

// Pages answer OPTIONS with a bare 400; what they serve is GET and HEAD.
const PAGE_METHODS = 'GET, HEAD';
const VOICE_PATHS = /^\/(v1|v2|batch|\.well-known|authorization)(\/|$)/;

export interface EarlyAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * What server.ts answers itself, in the error envelope, for a request Next would fail on with a
 * bare 500 or 400: a method Next cannot serve (405), or a path whose percent-escapes are not
 * UTF-8 (404: it names no resource). Undefined: Next takes the request.
 */
export function answerBeforeNext(
  request: IncomingMessage,
  selfOrigin: string,
): Promise<EarlyAnswer> | undefined {
  const url = new URL(request.url?.startsWith('/') ? request.url : '/', 'http://localhost');
  if (!NEXT_METHODS.has(request.method ?? '')) {
    // The 405's Allow is what the path's own OPTIONS answers, so the two always agree.
    return probeAllow(selfOrigin + url.pathname).then((allow) =>
      nodeErrorAnswer(
        request,
        url,
        selfOrigin,
        new ApiError('METHOD_NOT_ALLOWED', { headers: { Allow: allow } }),
      ),
    );
  }
  if (!decodable(url.pathname)) {
    const error = new ApiError('NOT_FOUND', {
      message: 'This path is not valid percent-encoded UTF-8.',
    });
    return nodeErrorAnswer(request, url, selfOrigin, error);
  }
  return undefined;
}

function decodable(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/** The envelope for a request answered outside Next (server.ts, the authorization server). */
export async function nodeErrorAnswer(
  request: IncomingMessage,
  url: URL,
  selfOrigin: string,
  error: ApiError,
): Promise<EarlyAnswer> {
  const headers = new Headers();
  for (const name of ['host', 'x-forwarded-proto']) {
    const value = request.headers[name];
    if (typeof value === 'string') headers.set(name, value);
  }
  const api: ApiName = VOICE_PATHS.test(url.pathname) ? 'voice' : 'marketing';
  const requestId = String(request.headers['x-request-id'] ?? '').slice(0, 64) || randomUUID();
  const answer = renderError(error, {
    api,
    request: new Request(selfOrigin, { headers }),
    requestId,
  });
  return {
    status: answer.status,
    headers: Object.fromEntries(answer.headers),
    body: await answer.text(),
  };
}

async function probeAllow(url: string): Promise<string> {
  try {
    const response = await fetch(url, { method: 'OPTIONS', signal: AbortSignal.timeout(5_000) });
    await response.body?.cancel();
    const allow = response.headers.get('allow');
    return response.ok && allow ? allow : PAGE_METHODS;
  } catch {
    return PAGE_METHODS;
  }
}
