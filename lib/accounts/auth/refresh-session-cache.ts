import { getAuth } from './get-auth';

export interface RefreshedSessionCache {
  /** Set-Cookie lines for the browser: the fresh cached session, or the session's removal. */
  setCookies: string[];
  /** The request's Cookie header with those applied, for the page rendering this request. */
  cookieHeader: string;
}

/**
 * Asks better-auth for the session behind a request whose cached copy has lapsed: it reads the
 * database once and answers a fresh signed copy (or, for an ended session, the cookies' removal).
 * Pages cannot set cookies, so the proxy in front of the console calls this.
 */
export async function refreshSessionCache(
  origin: string,
  headers: Headers,
): Promise<RefreshedSessionCache> {
  const auth = await getAuth(origin);
  const { headers: answered } = await auth.api.getSession({ headers, returnHeaders: true });
  const setCookies = answered.getSetCookie();
  const jar = new Map<string, string>();
  for (const part of (headers.get('cookie') ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0) jar.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  for (const line of setCookies) {
    const [pair = '', ...attributes] = line.split(';');
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    const name = pair.slice(0, at).trim();
    const removed = attributes.some((a) => /^\s*max-age=(0|-\d+)\s*$/i.test(a));
    if (removed) jar.delete(name);
    else jar.set(name, pair.slice(at + 1).trim());
  }
  return {
    setCookies,
    cookieHeader: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
  };
}
