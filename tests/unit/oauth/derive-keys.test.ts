import { createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deriveOAuthKeys } from '@/lib/tool-server/oauth/derive-keys';

describe('deriveOAuthKeys', () => {
  it('gives every instance with the same secret the same keys, and another secret other keys', () => {
    const a = deriveOAuthKeys('a-shared-url-signing-key');
    expect(deriveOAuthKeys('a-shared-url-signing-key')).toEqual(a);
    const b = deriveOAuthKeys('another-url-signing-key');
    expect(b.cookieKey).not.toBe(a.cookieKey);
    expect(b.signingJwk.d).not.toBe(a.signingJwk.d);
  });

  it('derives a valid P-256 key pair', () => {
    const { signingJwk } = deriveOAuthKeys('a-shared-url-signing-key');
    const privateKey = createPrivateKey({ key: { ...signingJwk } as never, format: 'jwk' });
    const { d: _d, ...publicJwk } = signingJwk;
    const publicKey = createPublicKey({ key: publicJwk as never, format: 'jwk' });
    const signature = sign('sha256', Buffer.from('id token'), privateKey);
    expect(verify('sha256', Buffer.from('id token'), publicKey, signature)).toBe(true);
  });
});
