import { randomUUID } from 'node:crypto';
import type { ApiError } from '../../../platform/errors/api-error';
import type { Store } from '..';

/** Time as a claimant sees it; tests pass a fake one. */
export interface ClaimClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export type KeyClaim =
  { kind: 'replay'; value: string } | { kind: 'owner'; key: string; token: string };

export interface ClaimOptions {
  /** How long an in-flight claim lives if its holder dies. */
  ttlMs: number;
  /** How long a twin waits for the holder to finish before giving up. */
  maxWaitMs?: number;
  /** The error for a store failure, or for a twin still running after `maxWaitMs`. */
  failure: (reason: 'store' | 'busy', cause?: unknown) => ApiError;
}

const POLL_MS = 50;
const PENDING = 'pending:';

/**
 * Idempotency for one key, in one atomic store step: either we now hold the claim
 * (`pending:<token>`), or the finished twin's stored value is returned. A twin still running is
 * waited for briefly; if its holder gives up, the claim is free and we take it. The holder ends
 * the claim with `store.replaceIf(key, token, finalValue)` or gives it back with `releaseClaim`.
 */
export async function claimKey(
  store: Store,
  clock: ClaimClock,
  key: string,
  options: ClaimOptions,
): Promise<KeyClaim> {
  const token = `${PENDING}${randomUUID()}`;
  const deadline = clock.now() + (options.maxWaitMs ?? 10_000);
  for (;;) {
    let result;
    try {
      result = await store.setIfAbsent(key, token, { ttlMs: options.ttlMs });
    } catch (error) {
      throw options.failure('store', error);
    }
    if (result.created) return { kind: 'owner', key, token };
    if (!result.value.startsWith(PENDING)) return { kind: 'replay', value: result.value };
    if (clock.now() >= deadline) throw options.failure('busy');
    await clock.sleep(POLL_MS);
  }
}

/** Gives the claim back after a failed attempt, so a retry (or a waiting twin) can run. */
export async function releaseClaim(store: Store, claim: { key: string; token: string }) {
  await store.delIfEquals(claim.key, claim.token).catch(() => false);
}
