import { createHmac, timingSafeEqual } from 'node:crypto';

/** Recording links stay valid this long after they are handed out. */
export const RECORDING_LINK_TTL_S = 24 * 60 * 60;

const signature = (key: string, callId: string, expires: number) =>
  createHmac('sha256', key).update(`recording:${callId}:${expires}`).digest('base64url');

/** An unguessable link that works without an API key until it expires. */
export function signRecordingUrl(origin: string, key: string, callId: string, nowMs: number) {
  const expires = Math.floor(nowMs / 1000) + RECORDING_LINK_TTL_S;
  return `${origin}/v1/recordings/${callId}?expires=${expires}&signature=${signature(key, callId, expires)}`;
}

/** A tampered or expired link is simply not a link. */
export function verifyRecordingSignature(
  key: string,
  callId: string,
  expires: string | null,
  supplied: string | null,
  nowMs: number,
): boolean {
  if (!expires || !supplied || !/^\d{1,12}$/.test(expires)) return false;
  const at = Number(expires);
  if (at * 1000 < nowMs) return false;
  const expected = Buffer.from(signature(key, callId, at));
  const given = Buffer.from(supplied);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
