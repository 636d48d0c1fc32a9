import { ApiError } from '../../platform/errors/api-error';
import { requireOwnOrigin } from '../../platform/http/public-origin';
import type { SessionUser } from './current-session';
import { getAuth } from './get-auth';

/**
 * The signed-in member behind a console route's request (session cookie): 401 SIGN_IN_REQUIRED
 * otherwise. A state-changing request must come from our own pages (Origin check, on top of the
 * SameSite=Lax cookie).
 */
export async function requireSessionUser(request: Request): Promise<SessionUser> {
  // Only our own hosts: the Origin check compares against the one the page was served from.
  const origin = requireOwnOrigin(request.headers);
  const sentOrigin = request.headers.get('origin');
  if (request.method !== 'GET' && sentOrigin && sentOrigin !== origin)
    throw new ApiError('FORBIDDEN', { message: 'Requests from other sites are refused.' });
  const auth = await getAuth(origin);
  // Reads may use the session's cookie cache; a change is authorized against the database, so a
  // session ended elsewhere cannot act even while its cached copy is fresh.
  const reading = request.method === 'GET' || request.method === 'HEAD';
  const session = await auth.api.getSession({
    headers: request.headers,
    query: { disableCookieCache: !reading },
  });
  if (!session) throw new ApiError('SIGN_IN_REQUIRED');
  return { id: session.user.id, email: session.user.email, name: session.user.name };
}
