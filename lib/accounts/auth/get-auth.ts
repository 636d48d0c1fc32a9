import { getConfig } from '../../platform/config/config';
import { getDb } from '../../adapters/db';
import { publicOrigin } from '../../platform/http/public-origin';
import { getMailer } from '../../adapters/mail';
import { singleton } from '../../platform/runtime/singleton';
import { createAuth, type Auth } from './create-auth';
import { grantSignUpCredit } from './sign-up-credit';

/**
 * One better-auth instance per own origin: PUBLIC_SITE_URL when set (one instance), else the one
 * of our listening origins a request used (cookies and the passkey rpID follow the host the user
 * sees: localhost and 127.0.0.1 are both ours). Callers pass an origin from `ownOriginOf`, never a
 * request's Host as such; links in mail always use `publicOrigin('marketing')`.
 */
export async function getAuth(origin: string): Promise<Auth> {
  const config = getConfig();
  const key = (config.PUBLIC_SITE_URL ?? origin).replace(/\/$/, '');
  const instances = singleton('auth-instances', () => new Map<string, Auth>());
  let auth = instances.get(key);
  if (!auth) {
    auth = createAuth({
      db: await getDb(),
      config,
      mailer: getMailer(),
      origin: key,
      linkOrigin: () => publicOrigin('marketing'),
      grantStartingCredit: grantSignUpCredit,
    });
    instances.set(key, auth);
  }
  return auth;
}
