import { ownOriginOf, publicOrigin } from '../../platform/http/public-origin';
import { getAuth } from './get-auth';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
}

/** The signed-in user of a page or server action, from the session cookie; null when signed out. */
export async function currentUser(): Promise<SessionUser | null> {
  // Loaded on call, not with the module: the accounts door is also loaded by server.ts's own code
  // (sockets, scheduler) outside Next, where next/headers cannot even be imported.
  const { headers } = await import('next/headers');
  const list = await headers();
  const auth = await getAuth(ownOriginOf(list) ?? publicOrigin('marketing'));
  const session = await auth.api.getSession({ headers: list });
  if (!session) return null;
  const { id, email, name } = session.user;
  return { id, email, name };
}
