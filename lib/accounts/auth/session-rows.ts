import { ApiError } from '../../platform/errors/api-error';
import type { Auth } from './create-auth';

// better-auth answers every session with its token; the token is what the session cookie signs, so
// it never goes to page JavaScript: the console lists sessions by id and ends them by id.

const LIST = '/auth/list-sessions';
const GET_SESSION = '/auth/get-session';
const REVOKE = '/auth/revoke-session';

interface SessionRow {
  id: string;
  token?: unknown;
  [field: string]: unknown;
}

/** A copy of better-auth's JSON answer with its session tokens taken out (headers kept). */
async function withoutTokens(response: Response, strip: (body: unknown) => unknown) {
  if (!response.ok) return response;
  const body = strip(await response.json());
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(body), { status: response.status, headers });
}

const stripRows = (rows: unknown) =>
  Array.isArray(rows) ? rows.map(({ token: _token, ...row }: SessionRow) => row) : rows;

const stripSession = (body: unknown) => {
  if (!body || typeof body !== 'object' || !('session' in body)) return body;
  const { session, ...rest } = body as { session: unknown };
  if (!session || typeof session !== 'object') return body;
  const { token: _token, ...kept } = session as SessionRow;
  return { ...rest, session: kept };
};

/** Ends one of the signed-in user's sessions by its id: better-auth's own revoke, given the token. */
async function revokeById(auth: Auth, request: Request, id: string): Promise<Response> {
  const headers = new Headers(request.headers);
  headers.delete('content-length');
  const listed = await auth.handler(new Request(new URL(LIST, request.url), { headers }));
  if (!listed.ok) return listed;
  const rows = (await listed.json()) as SessionRow[];
  const token = rows.find((row) => row.id === id)?.token;
  if (typeof token !== 'string') throw new ApiError('NOT_FOUND', { message: 'No such session.' });
  headers.set('content-type', 'application/json');
  return auth.handler(
    new Request(request.url, { method: 'POST', headers, body: JSON.stringify({ token }) }),
  );
}

/**
 * better-auth's session endpoints as the browser may see them: lists and the current session
 * without tokens, and `POST /auth/revoke-session {"id"}` (a `{"token"}` body still reaches
 * better-auth, for a client that holds its own cookie). Null: not one of these.
 */
export async function answerSessionRequest(
  auth: Auth,
  request: Request,
  path: string,
): Promise<Response | null> {
  if (request.method === 'GET' && path === LIST)
    return withoutTokens(await auth.handler(request), stripRows);
  if (request.method === 'GET' && path === GET_SESSION)
    return withoutTokens(await auth.handler(request), stripSession);
  if (request.method === 'POST' && path === REVOKE) {
    const body = (await request
      .clone()
      .json()
      .catch(() => null)) as { id?: unknown } | null;
    if (body && 'id' in body) {
      if (typeof body.id !== 'string' || body.id.length === 0 || body.id.length > 200)
        throw new ApiError('AUTH_REJECTED', { message: 'id must be a session id.', field: 'id' });
      return revokeById(auth, request, body.id);
    }
  }
  return null;
}
