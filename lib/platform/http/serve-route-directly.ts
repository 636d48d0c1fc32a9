import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { NextRequest } from 'next/server';
import type { RouteContext } from './define-route';

type RouteHandler = (request: NextRequest, context: RouteContext) => Promise<Response>;
type RouteFile = Record<'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS', RouteHandler>;
const noParams: RouteContext = { params: Promise.resolve({}) };

/**
 * Serves a route file's handlers straight from server.ts, without Next's request pipeline (route
 * lookup, tracing, stream conversions: about half the cost of a small request). For a hot,
 * parameterless API route only; the same route file still serves through Next where server.ts
 * does not run (a serverless host). The handler gets the NextRequest it would get from Next.
 */
export async function serveRouteDirectly(
  route: RouteFile,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const method = request.method ?? 'GET';
  const name = method === 'HEAD' ? 'GET' : method;
  // answerBeforeNext has already refused the methods no route file exports.
  const handler = route[name as keyof RouteFile];
  const aborted = new AbortController();
  response.on('close', () => aborted.abort());
  // A body the handler did not read (refused before it was needed) is read to its end and
  // dropped, as Node does for a body nobody consumes: otherwise its bytes would be taken for the
  // next request on a kept-alive connection.
  response.on('finish', () => {
    if (request.complete) return;
    request.removeAllListeners('data');
    request.resume();
  });
  const headers = new Headers();
  for (const [header, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(header, v);
    else if (value !== undefined) headers.set(header, value);
  }
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const webRequest = new NextRequest(
    `http://${request.headers.host ?? 'localhost'}${request.url}`,
    {
      method,
      headers,
      signal: aborted.signal,
      ...(hasBody ? { body: Readable.toWeb(request) as ReadableStream, duplex: 'half' } : {}),
    },
  );
  try {
    const answer = await handler(webRequest, noParams);
    response.writeHead(answer.status, [...answer.headers].flat());
    if (!answer.body || method === 'HEAD') {
      response.end();
      return;
    }
    const body = Readable.fromWeb(answer.body as import('node:stream/web').ReadableStream);
    body.on('error', () => response.destroy());
    response.on('close', () => body.destroy());
    body.pipe(response);
  } catch (error) {
    // The handlers answer every failure in the envelope themselves; this is a broken socket.
    console.error(`${method} ${request.url} failed:`, error);
    if (!response.headersSent) response.writeHead(500).end();
    else response.destroy();
  }
}
