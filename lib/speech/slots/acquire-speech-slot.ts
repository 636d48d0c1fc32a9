import { randomUUID } from 'node:crypto';
import type { Ports } from '../../adapters/ports';
import type { LeaseKind } from '../../adapters/store';
import { SLOT_TTL_MS, speechSlotKey } from './speech-slot-key';

export interface SpeechSlot {
  readonly token: string;
  /** The org's unexpired leases right after acquiring (ours included) and its limit. */
  readonly current: number;
  readonly limit: number;
  /**
   * Frees the slot (idempotent; a second call is a no-op). Never rejects: it runs in cleanup
   * paths (finish, error, abort, close), and if the store fails the lease still expires by
   * itself within SLOT_TTL_MS.
   */
  release(): Promise<void>;
  /** Renews the lease; false when it was lost. */
  renew(): Promise<boolean>;
  /**
   * Renews every `intervalMs` (default SLOT_TTL_MS / 3) until release; returns a stop function.
   * For WebSockets that hold a slot while idle. `onLost` runs once if a renewal finds the lease
   * gone (it expired or was taken); the loop then stops.
   */
  keepAlive(intervalMs?: number, onLost?: () => void): () => void;
}

export type SlotAttempt =
  | { ok: true; slot: SpeechSlot }
  | { ok: false; current: number; limit: number; retryAfterSeconds: number };

export type SpeechSlotDeps = Pick<Ports, 'store' | 'clock'>;

/**
 * Takes one of the organization's `limit` concurrent speech slots, atomically across every
 * instance sharing the store. Refused → how many are held and when one likely frees, in whole
 * seconds: from how long the org's HTTP generations are taking (they free on finish), or the
 * lease expiry when every holder is a WebSocket (`session`).
 */
export async function acquireSpeechSlot(
  deps: SpeechSlotDeps,
  orgId: string,
  limit: number,
  kind: LeaseKind = 'task',
): Promise<SlotAttempt> {
  const key = speechSlotKey(orgId);
  const token = randomUUID();
  let result;
  try {
    result = await deps.store.leaseAcquire(key, { token, limit, ttlMs: SLOT_TTL_MS, kind });
  } catch (error) {
    // A timed-out acquire may still run once the store answers again (a frozen server works
    // through its backlog): release the token behind it, or the slot would stay taken for a
    // whole lease by a request that already gave up. Same connection, so it runs after it.
    void deps.store.leaseRelease(key, token).catch(() => false);
    throw error;
  }
  if (!result.acquired) {
    // Retry-After is whole seconds and never 0: a client told 0 would retry at once.
    const retryAfterSeconds = Math.max(1, Math.ceil(result.retryAfterMs / 1000));
    return { ok: false, current: result.count, limit, retryAfterSeconds };
  }
  return { ok: true, slot: heldSlot(deps, key, token, result.count, limit) };
}

function heldSlot(
  deps: SpeechSlotDeps,
  key: string,
  token: string,
  current: number,
  limit: number,
): SpeechSlot {
  let released: Promise<void> | undefined;
  const stops = new Set<() => void>();

  const renew = async (): Promise<boolean> => {
    if (released) return false;
    return deps.store.leaseRenew(key, { token, ttlMs: SLOT_TTL_MS });
  };

  return {
    token,
    current,
    limit,
    release() {
      // Every caller (finish, error, abort) may call this; only the first reaches the store.
      released ??= (async () => {
        for (const stop of stops) stop();
        await deps.store.leaseRelease(key, token).catch(() => false);
      })();
      return released;
    },
    renew,
    keepAlive(intervalMs = SLOT_TTL_MS / 3, onLost) {
      let running = true;
      const stop = () => {
        running = false;
        stops.delete(stop);
      };
      stops.add(stop);
      void (async () => {
        while (running) {
          await deps.clock.sleep(intervalMs);
          if (!running || released) break;
          let renewed: boolean;
          try {
            renewed = await renew();
          } catch {
            // A store hiccup: the lease is still good until it expires, so try again next time.
            continue;
          }
          if (!renewed && running && !released) {
            stop();
            onLost?.();
          }
        }
      })();
      return stop;
    },
  };
}
