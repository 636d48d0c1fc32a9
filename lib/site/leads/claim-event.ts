import { ApiError } from '../../platform/errors/api-error';
import { claimKey, releaseClaim } from '../../adapters/store/idempotency/claim-key';
import type { Store } from '../../adapters/store';
import { EVENT_CLAIM_TTL_MS, leadKeys } from './keys';
import type { Clock } from './types';

export type EventClaim =
  { kind: 'replay'; body: Record<string, unknown> } | { kind: 'owner'; key: string; token: string };

/** Idempotency for one lead event_id (the shared claim, with the lead endpoint's errors). */
export async function claimEvent(store: Store, clock: Clock, eventId: string): Promise<EventClaim> {
  const claim = await claimKey(store, clock, leadKeys.event(eventId), {
    ttlMs: EVENT_CLAIM_TTL_MS,
    failure: (reason, cause) =>
      reason === 'store'
        ? new ApiError('SUBMISSION_STORE_FAILED', { cause })
        : new ApiError('SUBMISSION_STORE_FAILED', {
            message: 'An identical submission is still being processed.',
          }),
  });
  if (claim.kind === 'owner') return claim;
  return { kind: 'replay', body: JSON.parse(claim.value) as Record<string, unknown> };
}

export const releaseEvent = releaseClaim;
