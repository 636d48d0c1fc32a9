import { headers } from 'next/headers';
import { siteOrigin } from '../site/site-origin';
import { getAuth } from './get-auth';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
}

/** The signed-in user of a page or server action, from the session cookie; null when signed out. */
export async function currentUser(): Promise<SessionUser | null> {
  const auth = await getAuth(await siteOrigin());
  const session = await auth.api.getSession({ headers: await headers() });
  if (!session) return null;
  const { id, email, name } = session.user;
  return { id, email, name };
}
