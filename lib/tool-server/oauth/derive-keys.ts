import { createECDH, hkdfSync } from 'node:crypto';
import type { JWK } from 'oidc-provider';

const derive = (secret: string, purpose: string) =>
  Buffer.from(hkdfSync('sha256', secret, 'voiceai-oauth', purpose, 32));

/**
 * The authorization server's secrets, derived from URL_SIGNING_KEY (already the same on every
 * instance), so no new variable is needed and every instance signs alike: the key of its signed
 * cookies and the P-256 key that would sign an OpenID ID token (access tokens are opaque).
 */
export function deriveOAuthKeys(secret: string): { cookieKey: string; signingJwk: JWK } {
  const ecdh = createECDH('prime256v1');
  // A 256-bit HKDF output is below the P-256 group order with overwhelming probability.
  const d = derive(secret, 'id-token-signing');
  ecdh.setPrivateKey(d);
  const point = ecdh.getPublicKey();
  return {
    cookieKey: derive(secret, 'cookies').toString('base64url'),
    signingJwk: {
      kty: 'EC',
      crv: 'P-256',
      alg: 'ES256',
      use: 'sig',
      d: d.toString('base64url'),
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
  };
}
