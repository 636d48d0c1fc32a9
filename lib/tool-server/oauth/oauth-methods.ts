// The methods of the authorization server's documented paths, as the voice document lists them.
// oidc-provider answers any other method (OPTIONS included) with a bare text 404, so these paths
// get what every other route gives: OPTIONS 204 and 405 in the envelope, with the same Allow.
import { OAUTH_MOUNT } from './constants';

const METHODS: Record<string, readonly string[]> = {
  [`/.well-known/oauth-authorization-server${OAUTH_MOUNT}`]: ['GET', 'HEAD'],
  [`/.well-known/openid-configuration${OAUTH_MOUNT}`]: ['GET', 'HEAD'],
  [`${OAUTH_MOUNT}/authorize`]: ['GET', 'HEAD'],
  [`${OAUTH_MOUNT}/token`]: ['POST'],
  [`${OAUTH_MOUNT}/register`]: ['POST'],
  [`${OAUTH_MOUNT}/revoke`]: ['POST'],
};

/**
 * The Allow header of a documented authorization-server path when `method` is not one it serves;
 * undefined when the provider should take the request (a served method, an undocumented path, or
 * a CORS preflight, which the provider answers for browser-based clients).
 */
export function oauthMethodRefusal(
  pathname: string,
  method: string,
  headers: { origin?: string; 'access-control-request-method'?: string },
): string | undefined {
  const methods = METHODS[pathname];
  if (!methods || methods.includes(method)) return undefined;
  if (method === 'OPTIONS' && headers.origin && headers['access-control-request-method']) {
    return undefined;
  }
  return [...methods, 'OPTIONS'].join(', ');
}
