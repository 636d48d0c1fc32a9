import { randomUUID } from 'node:crypto';
import { ApiError } from '../http/api-error';
import type { Store } from '../store';
import { EVENT_CLAIM_TTL_MS, leadKeys } from './keys';
import type { Clock } from './types';

export type EventClaim =
  { kind: 'replay'; body: Record<string, unknown> } | { kind: 'owner'; key: string; token: string };

const POLL_MS = 50;
const MAX_WAIT_MS = 10_000;

/**
 * Idempotency for one event_id, in one atomic store step: either we now hold the claim
 * (`pending:<token>`), or the finished twin's envelope is returned. A twin still running is
 * waited for briefly; if its holder gives up, the claim is free and we take it.
 */
export async function claimEvent(store: Store, clock: Clock, eventId: string): Promise<EventClaim> {
  const key = leadKeys.event(eventId);
  const token = `pending:${randomUUID()}`;
  const deadline = clock.now() + MAX_WAIT_MS;
  for (;;) {
    let result;
    try {
      result = await store.setIfAbsent(key, token, { ttlMs: EVENT_CLAIM_TTL_MS });
    } catch (error) {
      throw new ApiError('SUBMISSION_STORE_FAILED', { cause: error });
    }
    if (result.created) return { kind: 'owner', key, token };
    if (!result.value.startsWith('pending:')) {
      return { kind: 'replay', body: JSON.parse(result.value) as Record<string, unknown> };
    }
    if (clock.now() >= deadline) {
      throw new ApiError('SUBMISSION_STORE_FAILED', {
        message: 'An identical submission is still being processed.',
      });
    }
    await clock.sleep(POLL_MS);
  }
}

/** Gives the claim back after a failed attempt, so a retry (or a waiting twin) can run. */
export async function releaseEvent(store: Store, claim: { key: string; token: string }) {
  await store.delIfEquals(claim.key, claim.token).catch(() => false);
}
