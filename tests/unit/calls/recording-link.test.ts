import { describe, expect, it } from 'vitest';
import {
  RECORDING_LINK_TTL_S,
  signRecordingUrl,
  verifyRecordingSignature,
} from '@/lib/calls/recording-link';

const KEY = 'k'.repeat(32);
const CALL = '6f1c2a3b-1111-4222-8333-444455556666';
const OTHER = '6f1c2a3b-1111-4222-8333-444455556667';
const NOW = Date.parse('2026-11-03T09:00:00Z');

function parts(url: string) {
  const parsed = new URL(url);
  return {
    path: parsed.pathname,
    expires: parsed.searchParams.get('expires'),
    signature: parsed.searchParams.get('signature'),
  };
}

describe('signed recording links', () => {
  const link = parts(signRecordingUrl('https://api.test', KEY, CALL, NOW));

  it('points at the call and carries an expiry a day ahead', () => {
    expect(link.path).toBe(`/v1/recordings/${CALL}`);
    expect(Number(link.expires)).toBe(Math.floor(NOW / 1000) + RECORDING_LINK_TTL_S);
  });

  it('verifies the link it signed', () => {
    expect(verifyRecordingSignature(KEY, CALL, link.expires, link.signature, NOW)).toBe(true);
    expect(
      verifyRecordingSignature(KEY, CALL, link.expires, link.signature, NOW + 60 * 60 * 1000),
    ).toBe(true);
  });

  it('refuses a tampered signature', () => {
    const sig = link.signature!;
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    expect(verifyRecordingSignature(KEY, CALL, link.expires, flipped, NOW)).toBe(false);
    expect(verifyRecordingSignature(KEY, CALL, link.expires, sig.slice(1), NOW)).toBe(false);
    expect(verifyRecordingSignature(KEY, CALL, link.expires, '', NOW)).toBe(false);
    expect(verifyRecordingSignature(KEY, CALL, link.expires, null, NOW)).toBe(false);
  });

  it("refuses the signature on another call's recording", () => {
    expect(verifyRecordingSignature(KEY, OTHER, link.expires, link.signature, NOW)).toBe(false);
  });

  it('refuses a changed or malformed expiry', () => {
    const later = String(Number(link.expires) + 3600);
    expect(verifyRecordingSignature(KEY, CALL, later, link.signature, NOW)).toBe(false);
    expect(verifyRecordingSignature(KEY, CALL, `${link.expires}.0`, link.signature, NOW)).toBe(
      false,
    );
    expect(verifyRecordingSignature(KEY, CALL, null, link.signature, NOW)).toBe(false);
  });

  it('refuses a link signed with another key', () => {
    expect(verifyRecordingSignature('x'.repeat(32), CALL, link.expires, link.signature, NOW)).toBe(
      false,
    );
  });

  it('refuses the link once it has expired', () => {
    const expiredAt = Number(link.expires) * 1000 + 1;
    expect(verifyRecordingSignature(KEY, CALL, link.expires, link.signature, expiredAt)).toBe(
      false,
    );
  });
});
