import type { IncomingMessage } from 'node:http';
import {
  getAuth,
  listMemberOrgs,
  type MemberOrg,
  roleAllows,
  type SessionUser,
} from '../../accounts';
import type { Db } from '../../adapters/db';

export interface ConsentMember {
  user: SessionUser;
  /** The organizations where their role may approve an OAuth client. */
  orgs: MemberOrg[];
}

/**
 * The signed-in member on the consent page, from the site's session cookie (the page is served
 * beside Next, so it reads the cookie itself); null when signed out.
 */
export async function consentMember(
  db: Db,
  req: IncomingMessage,
  origin: string,
): Promise<ConsentMember | null> {
  const cookie = req.headers.cookie;
  if (!cookie) return null;
  const auth = await getAuth(origin);
  // Approving a client grants access: always the database's word, never the cookie cache.
  const session = await auth.api.getSession({
    headers: new Headers({ cookie }),
    query: { disableCookieCache: true },
  });
  if (!session) return null;
  const { id, email, name } = session.user;
  const orgs = (await listMemberOrgs(db, id)).filter((o) => roleAllows(o.role, 'oauth.approve'));
  return { user: { id, email, name }, orgs };
}
