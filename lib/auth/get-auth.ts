import { getConfig } from '../config';
import { getDb } from '../db';
import { getMailer } from '../mail';
import { singleton } from '../runtime/singleton';
import { createAuth, type Auth } from './create-auth';

/**
 * One better-auth instance per public origin: PUBLIC_SITE_URL when set (one instance), else the
 * origin each request used (cookies, links and the passkey rpID follow the host the user sees).
 */
export async function getAuth(origin: string): Promise<Auth> {
  const config = getConfig();
  const key = (config.PUBLIC_SITE_URL ?? origin).replace(/\/$/, '');
  const instances = singleton('auth-instances', () => new Map<string, Auth>());
  let auth = instances.get(key);
  if (!auth) {
    // Bounded: a stranger's Host header must not grow the map forever.
    if (instances.size > 32) instances.clear();
    auth = createAuth({ db: await getDb(), config, mailer: getMailer(), origin: key });
    instances.set(key, auth);
  }
  return auth;
}
