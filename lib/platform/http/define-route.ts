import { randomUUID } from 'node:crypto';
import type { NextRequest } from 'next/server';
import { ApiError } from '../errors/api-error';
import type { ApiName } from './docs-url';
import { renderError, type RenderErrorContext } from './render-error';

export const routeMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type RouteMethod = (typeof routeMethods)[number];

export interface RouteContext {
  params: Promise<Record<string, string | string[] | undefined>>;
}

export interface HandlerContext {
  request: NextRequest;
  params: Record<string, string | string[] | undefined>;
  requestId: string;
}

export type Handler = (context: HandlerContext) => Promise<Response> | Response;
type NextHandler = (request: NextRequest, context: RouteContext) => Promise<Response>;

export interface RouteOptions {
  legacy?: (
    error: Parameters<NonNullable<RenderErrorContext['legacy']>>[0],
    request: NextRequest,
  ) => Record<string, unknown>;
}

/**
 * Wraps a route's handlers: every method gets a request id and the error envelope, and the
 * methods a route does not implement answer 405 with an Allow header (Next's own 405 is bare).
 */
export function defineRoute(
  api: ApiName,
  handlers: Partial<Record<RouteMethod, Handler>>,
  options: RouteOptions = {},
): Record<RouteMethod | 'OPTIONS', NextHandler> {
  const allow = allowHeader(handlers);

  const wrap =
    (handler: Handler | undefined): NextHandler =>
    async (request, context) => {
      const requestId = request.headers.get('x-request-id')?.slice(0, 64) || randomUUID();
      try {
        if (!handler) throw new ApiError('METHOD_NOT_ALLOWED', { headers: { Allow: allow } });
        const response = await handler({ request, params: await context.params, requestId });
        response.headers.set('X-Request-Id', requestId);
        return response;
      } catch (thrown) {
        return renderError(thrown, {
          api,
          request,
          requestId,
          legacy: options.legacy ? (detail) => options.legacy!(detail, request) : undefined,
        });
      }
    };

  return {
    GET: wrap(handlers.GET),
    POST: wrap(handlers.POST),
    PUT: wrap(handlers.PUT),
    PATCH: wrap(handlers.PATCH),
    DELETE: wrap(handlers.DELETE),
    // Next would answer OPTIONS itself, listing every exported method (all five, implemented or
    // not); ours lists the same methods as the 405 answer. No route opts into CORS: a preflight
    // gets no Access-Control-Allow-* headers, so browsers on other origins stay refused.
    OPTIONS: wrap(() => new Response(null, { status: 204, headers: { Allow: allow } })),
  };
}

/** The methods a route answers: what it implements, HEAD with GET, and OPTIONS. */
function allowHeader(handlers: Partial<Record<RouteMethod, Handler>>): string {
  const implemented = routeMethods.filter((method) => handlers[method] !== undefined);
  return [...implemented, ...(handlers.GET ? ['HEAD'] : []), 'OPTIONS'].join(', ');
}

/** A catch-all route: every method answers 404 in the envelope. */
export function notFoundRoute(api: ApiName): Record<RouteMethod | 'OPTIONS', NextHandler> {
  const notFound: Handler = () => {
    throw new ApiError('NOT_FOUND');
  };
  return defineRoute(api, {
    GET: notFound,
    POST: notFound,
    PUT: notFound,
    PATCH: notFound,
    DELETE: notFound,
  });
}
