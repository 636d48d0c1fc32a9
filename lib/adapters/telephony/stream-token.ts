import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A stream token outlives ringing and machine detection, not much more. */
export const STREAM_TOKEN_TTL_S = 10 * 60;

const mac = (key: string, callId: string, expires: number, nonce: string) =>
  createHmac('sha256', key)
    .update(`media-stream:${callId}:${expires}:${nonce}`)
    .digest('base64url');

/** `<expires>.<nonce>.<signature>`, bound to one call; single use is enforced by the stream. */
export function signStreamToken(key: string, callId: string, nowMs: number): string {
  const expires = Math.floor(nowMs / 1000) + STREAM_TOKEN_TTL_S;
  const nonce = randomBytes(12).toString('base64url');
  return `${expires}.${nonce}.${mac(key, callId, expires, nonce)}`;
}

/** Seconds the token still holds, or null when it is forged, for another call, or expired. */
export function verifyStreamToken(
  key: string,
  callId: string,
  token: string,
  nowMs: number,
): { expiresAtMs: number } | null {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const expires = Number(match[1]);
  if (expires * 1000 <= nowMs) return null;
  const expected = Buffer.from(mac(key, callId, expires, match[2]!));
  const given = Buffer.from(match[3]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { expiresAtMs: expires * 1000 };
}
