import { describe, expect, it } from 'vitest';
import { safeNext } from '@/components/account/go-after-sign-in';

// Where the browser goes after signing in comes from `?next=`, which anyone can write into a
// link. Next.js hands the page the decoded value; the browser's URL parser then drops tabs and
// newlines and reads `\` as `/`, so `/\t/evil.example` lands on //evil.example.

const OURS = 'http://127.0.0.1:3000';

const bypasses = [
  '//evil.example/x',
  '/\\evil.example/x',
  '/\\/evil.example/x',
  '\\/\\/evil.example/x',
  '/%09/evil.example/x',
  '/\t/evil.example/x',
  '/%0a/evil.example',
  '/\n/evil.example',
  '/%0d/evil.example',
  '/\r/evil.example',
  '/%2f/evil.example',
  '/%2F%2Fevil.example',
  '%2F%2Fevil.example',
  '/%5c/evil.example',
  'https://evil.example/x',
  'https:evil.example',
  'http:/\\evil.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '/\u2215evil.example',
  '\u2215\u2215evil.example',
  '/\uff0fevil.example',
  '\uff0f\uff0fevil.example',
  '/\u0000/evil.example',
  '/\u007f/evil.example',
  '//127.0.0.1:3000@evil.example',
  `${OURS}@evil.example/x`,
  'http://127.0.0.1:3001/console',
  'https://127.0.0.1:3000/console',
];

describe('safeNext', () => {
  it.each(bypasses)('sends %j to /console', (next) => {
    expect(safeNext(next, OURS)).toBe('/console');
    // The same form once more percent-encoded, as a link would carry it inside `next`.
    expect(safeNext(encodeURIComponent(next), OURS)).toBe('/console');
  });

  it('sends an empty or missing next to /console', () => {
    expect(safeNext(undefined, OURS)).toBe('/console');
    expect(safeNext('', OURS)).toBe('/console');
  });

  it.each([
    ['/console/device?user_code=BDFG-HJKL', '/console/device?user_code=BDFG-HJKL'],
    ['/invitations/accept?token=abc_DEF-123', '/invitations/accept?token=abc_DEF-123'],
    ['/authorization/interaction/Xy_z-1', '/authorization/interaction/Xy_z-1'],
    ['/console/orgs/1/calls#top', '/console/orgs/1/calls#top'],
    [`${OURS}/console/keys`, '/console/keys'],
  ])('keeps our own path %j', (next, expected) => {
    expect(safeNext(next, OURS)).toBe(expected);
  });
});
