import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { schema } from '../../adapters/db';
import type { CallRow } from '../types';
import { verifyStreamToken } from '../../adapters/telephony/stream-token';
import type { StartFrame } from './twilio-frames';
import type { ConversationDeps } from './types';

/**
 * Checks a stream's `start` frame: the call id and signed token we put in its TwiML, not
 * expired, never used before (a replayed start is refused), for a call that is live. Returns
 * the call, or why the stream is refused.
 */
export async function openStream(
  deps: ConversationDeps,
  start: StartFrame,
): Promise<{ call: CallRow } | { refused: string }> {
  const { callId, token } = start.start.customParameters;
  if (!callId || !token) return { refused: 'start carries no call id and token' };
  const now = deps.clock.now();
  const verified = verifyStreamToken(deps.settings.urlSigningKey, callId, token, now);
  if (!verified) return { refused: 'invalid or expired stream token' };
  const digest = createHash('sha256').update(token).digest('base64url');
  const claim = await deps.store.setIfAbsent(`twilio:stream-token:${digest}`, callId, {
    ttlMs: verified.expiresAtMs - now + 60_000,
  });
  if (!claim.created) return { refused: 'stream token already used' };
  const [call] = await deps.db.select().from(schema.calls).where(eq(schema.calls.id, callId));
  if (!call || call.queueStatus !== 'started') return { refused: 'the call is not live' };
  if (call.carrierCallSid && call.carrierCallSid !== start.start.callSid) {
    return { refused: 'the stream belongs to another carrier call' };
  }
  return { call };
}
