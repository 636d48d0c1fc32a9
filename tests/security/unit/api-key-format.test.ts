// What a key looks like: recognisable by its prefix (secret scanners look for it), 256 random bits,
// stored as its SHA-256, and shown to people only as its first characters.
import { expect, it } from 'vitest';
import {
  API_KEY_PREFIX,
  displayPrefix,
  generateApiKey,
  hashApiKey,
} from '@/lib/accounts/orgs/api-key';

it('is vai_sk_ and 43 base64url characters (32 bytes), different every time', () => {
  expect(API_KEY_PREFIX).toBe('vai_sk_');
  const key = generateApiKey();
  expect(key).toMatch(/^vai_sk_[A-Za-z0-9_-]{43}$/);
  expect(Buffer.from(key.slice(7), 'base64url')).toHaveLength(32);
  expect(generateApiKey()).not.toBe(key);
});

it('is stored as the hex SHA-256 of the whole key and shown as its first 11 characters', () => {
  expect(hashApiKey('vai_sk_abc')).toBe(
    'b7368147ad2ae1d94d6cbe5914635bc03210ed5a0561823b95881cb1702ff355',
  );
  expect(displayPrefix('vai_sk_ABCDEFGH')).toBe('vai_sk_ABCD');
});
