import { describe, expect, it, vi } from 'vitest';
import {
  acquireSpeechSlot,
  countSpeechSlots,
  SLOT_TTL_MS,
  speechSlotKey,
  type SlotAttempt,
  type SpeechSlot,
} from '@/lib/speech/slots';
import { EmbeddedStore, type Store } from '@/lib/adapters/store';
import { virtualClock } from '../../support/virtual-clock';

function setup() {
  const clock = virtualClock(Date.parse('2026-11-02T10:00:00Z'));
  const store = new EmbeddedStore({ now: clock.now });
  return { clock, store, deps: { store, clock } };
}

function held(attempt: SlotAttempt): SpeechSlot {
  if (!attempt.ok) throw new Error(`expected a slot, got ${JSON.stringify(attempt)}`);
  return attempt.slot;
}

describe('acquireSpeechSlot', () => {
  it('grants up to the limit with the current count, then refuses', async () => {
    const { deps } = setup();
    const first = held(await acquireSpeechSlot(deps, 'org-1', 2));
    expect(first).toMatchObject({ current: 1, limit: 2 });
    const second = held(await acquireSpeechSlot(deps, 'org-1', 2));
    expect(second).toMatchObject({ current: 2, limit: 2 });
    expect(second.token).not.toBe(first.token);
    // No generation of this org has finished yet: nothing to estimate from, so 1 s.
    expect(await acquireSpeechSlot(deps, 'org-1', 2)).toEqual({
      ok: false,
      current: 2,
      limit: 2,
      retryAfterSeconds: 1,
    });
    expect(await countSpeechSlots(deps, 'org-1')).toBe(2);
    // Another organization has its own slots.
    expect((await acquireSpeechSlot(deps, 'org-2', 1)).ok).toBe(true);
    expect(await countSpeechSlots(deps, 'org-2')).toBe(1);
  });

  it('uses the slots:speech:<orgId> key', async () => {
    const { deps, store } = setup();
    const slot = held(await acquireSpeechSlot(deps, 'org-9', 1));
    expect(await store.leaseRelease(speechSlotKey('org-9'), slot.token)).toBe(true);
    expect(speechSlotKey('org-9')).toBe('slots:speech:org-9');
  });

  it('HTTP generations: Retry-After is what is left of the typical generation, at least 1 s', async () => {
    const { deps, clock } = setup();
    for (const ms of [2_500, 3_000, 9_000]) {
      const done = held(await acquireSpeechSlot(deps, 'org', 1));
      await clock.advance(ms);
      await done.release();
    }
    held(await acquireSpeechSlot(deps, 'org', 1));
    const wait = async (ms: number) => {
      await clock.advance(ms);
      const attempt = await acquireSpeechSlot(deps, 'org', 1);
      return attempt.ok ? 'acquired' : attempt.retryAfterSeconds;
    };
    // Typical 3 s (the median: one slow outlier does not count), not the 15 s lease.
    await expect(wait(0)).resolves.toBe(3);
    await expect(wait(1_500)).resolves.toBe(2);
    await expect(wait(10_000)).resolves.toBe(1); // overdue: any moment now
  });

  it('WebSockets only: rounds Retry-After up to whole seconds, never below 1', async () => {
    const { deps, clock } = setup();
    held(await acquireSpeechSlot(deps, 'org', 1, 'session'));
    const after = async (ms: number) => {
      await clock.advance(ms);
      const attempt = await acquireSpeechSlot(deps, 'org', 1);
      return attempt.ok ? 'acquired' : attempt.retryAfterSeconds;
    };
    await expect(after(0)).resolves.toBe(15);
    await expect(after(1)).resolves.toBe(15); // 14.999 s left
    await expect(after(999)).resolves.toBe(14); // exactly 14 s left
    await expect(after(13_000)).resolves.toBe(1); // 1 s
    await expect(after(999)).resolves.toBe(1); // 1 ms left still says 1, not 0
    await expect(after(1)).resolves.toBe('acquired');
  });

  it('release frees the slot once; a second call is a no-op', async () => {
    const { deps } = setup();
    const a = held(await acquireSpeechSlot(deps, 'org', 1));
    await a.release();
    const b = held(await acquireSpeechSlot(deps, 'org', 1));
    await a.release();
    expect(await countSpeechSlots(deps, 'org')).toBe(1);
    expect(await a.renew()).toBe(false);
    expect(await b.renew()).toBe(true);
  });

  it('release never rejects, even when the store fails (the lease then expires by itself)', async () => {
    const { deps, store } = setup();
    const slot = held(await acquireSpeechSlot(deps, 'org', 1));
    vi.spyOn(store, 'leaseRelease').mockRejectedValueOnce(new Error('store down'));
    await expect(slot.release()).resolves.toBeUndefined();
  });

  it('renew extends the lease; a lease left alone frees within one TTL', async () => {
    const { deps, clock } = setup();
    const slot = held(await acquireSpeechSlot(deps, 'org', 1));
    await clock.advance(SLOT_TTL_MS - 1);
    expect(await slot.renew()).toBe(true);
    await clock.advance(SLOT_TTL_MS - 1);
    expect(await countSpeechSlots(deps, 'org')).toBe(1);
    await clock.advance(1);
    expect(await countSpeechSlots(deps, 'org')).toBe(0);
    expect(await slot.renew()).toBe(false);
  });

  it('keepAlive holds the slot past many TTLs, and it frees within one TTL after renewals stop', async () => {
    const { deps, clock } = setup();
    const slot = held(await acquireSpeechSlot(deps, 'org', 1));
    const stop = slot.keepAlive();
    // An idle WebSocket: a minute passes, four lease periods.
    await clock.advance(4 * SLOT_TTL_MS);
    expect(await countSpeechSlots(deps, 'org')).toBe(1);
    expect((await acquireSpeechSlot(deps, 'org', 1)).ok).toBe(false);
    // The holder stops renewing (as a crashed process would): free within one lease period.
    stop();
    await clock.advance(SLOT_TTL_MS);
    expect(await countSpeechSlots(deps, 'org')).toBe(0);
    expect((await acquireSpeechSlot(deps, 'org', 1)).ok).toBe(true);
    expect(clock.pendingSleeps()).toBe(0);
  });

  it('keepAlive renews every interval and stops on release', async () => {
    const { deps, clock, store } = setup();
    const renew = vi.spyOn(store, 'leaseRenew');
    const slot = held(await acquireSpeechSlot(deps, 'org', 1));
    slot.keepAlive(1_000);
    await clock.advance(3_500);
    expect(renew).toHaveBeenCalledTimes(3);
    await slot.release();
    await clock.advance(10_000);
    expect(renew).toHaveBeenCalledTimes(3);
    expect(await countSpeechSlots(deps, 'org')).toBe(0);
  });

  it('keepAlive reports a lost lease once and stops', async () => {
    const { deps, clock, store } = setup();
    const slot = held(await acquireSpeechSlot(deps, 'org', 1));
    const lost = vi.fn();
    slot.keepAlive(SLOT_TTL_MS / 3, lost);
    // Someone removes the lease behind the holder's back (as an expiry during a stall would).
    await store.leaseRelease(speechSlotKey('org'), slot.token);
    await clock.advance(3 * SLOT_TTL_MS);
    expect(lost).toHaveBeenCalledTimes(1);
    expect(clock.pendingSleeps()).toBe(0);
  });

  it('keepAlive keeps trying after a store error', async () => {
    const { deps, clock, store } = setup();
    const slot = held(await acquireSpeechSlot(deps, 'org', 1));
    const renew = vi.spyOn(store as Store, 'leaseRenew');
    renew.mockRejectedValueOnce(new Error('store down'));
    const lost = vi.fn();
    slot.keepAlive(SLOT_TTL_MS / 3, lost);
    // One renewal every 5 s for 45 s; the first one failed, the lease survived it.
    await clock.advance(3 * SLOT_TTL_MS);
    expect(renew).toHaveBeenCalledTimes(9);
    expect(lost).not.toHaveBeenCalled();
    expect(await countSpeechSlots(deps, 'org')).toBe(1);
    await slot.release();
  });

  it('a raised limit applies at once', async () => {
    const { deps } = setup();
    held(await acquireSpeechSlot(deps, 'org', 1));
    expect((await acquireSpeechSlot(deps, 'org', 1)).ok).toBe(false);
    expect(held(await acquireSpeechSlot(deps, 'org', 5))).toMatchObject({ current: 2, limit: 5 });
  });

  it('a failed acquire releases its token behind it (a late run of it must not hold a slot)', async () => {
    const { deps, store } = setup();
    const released: string[] = [];
    const flaky: Store = Object.assign(Object.create(store) as Store, {
      leaseAcquire: () => Promise.reject(new Error('timed out')),
      leaseRelease: (key: string, token: string) => {
        released.push(`${key}/${token}`);
        return Promise.resolve(false);
      },
    });
    await expect(acquireSpeechSlot({ ...deps, store: flaky }, 'org', 1)).rejects.toThrow(
      'timed out',
    );
    expect(released).toEqual([expect.stringMatching(/^slots:speech:org\/[0-9a-f-]{36}$/)]);
  });
});
