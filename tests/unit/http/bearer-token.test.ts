import { describe, expect, it } from 'vitest';
import { bearerToken } from '@/lib/platform/http';

describe('bearerToken', () => {
  it.each([
    ['Bearer abc', false, 'abc'],
    ['bearer   abc  ', false, 'abc'],
    ['abc', false, undefined],
    ['abc', true, 'abc'],
    ['Bearer a b', true, undefined],
    ['Basic dXNlcjpwYXNz', false, undefined],
    [null, true, undefined],
  ])('%j (bare allowed: %s) → %j', (header, allowBare, expected) => {
    expect(bearerToken(header, allowBare)).toBe(expected);
  });
});
