import { describe, expect, it } from 'vitest';
import { LiveAdmission, RINGING_MS, type LoopFigures } from '@/lib/calls/live-admission';
import { virtualClock } from '../../support/virtual-clock';

// What one instance admits: its live calls (streams open here and calls it dialled that still
// ring) against LIVE_CALL_CAPACITY, and its event loop's health; said once in the logs.

function admission(capacity: number | null) {
  const clock = virtualClock(0);
  const loop: LoopFigures = { utilization: 0.2, lagP99Ms: 3 };
  const logs: string[] = [];
  const live = new LiveAdmission(
    clock,
    () => loop,
    { capacity },
    (m) => logs.push(m),
  );
  return { clock, loop, logs, live };
}

describe('live-call admission', () => {
  it('admits up to the capacity, counting calls that still ring', () => {
    const { live } = admission(3);
    live.opened('a');
    live.dialling('b');
    expect(live.room()).toBe(1);
    live.dialling('c');
    expect(live.canAdmitLiveCall()).toBe(false);
    expect(live.status()).toMatchObject({ liveCalls: 1, ringing: 2, admitting: false });
    live.closed('a');
    expect(live.canAdmitLiveCall()).toBe(true);
  });

  it('forgets a dialled call that never streamed here after a minute', async () => {
    const { clock, live } = admission(1);
    live.dialling('unanswered');
    expect(live.canAdmitLiveCall()).toBe(false);
    await clock.advance(RINGING_MS + 1);
    expect(live.canAdmitLiveCall()).toBe(true);
  });

  it('starts no call while its event loop is saturated, and says so once each way', () => {
    const { loop, logs, live } = admission(20);
    expect(live.canAdmitLiveCall()).toBe(true);
    loop.lagP99Ms = 180;
    expect(live.canAdmitLiveCall()).toBe(false);
    expect(live.canAdmitLiveCall()).toBe(false);
    expect(live.status().reason).toBe('event loop saturated');
    loop.lagP99Ms = 3;
    loop.utilization = 0.97;
    expect(live.canAdmitLiveCall()).toBe(false);
    loop.utilization = 0.4;
    expect(live.canAdmitLiveCall()).toBe(true);
    expect(logs).toHaveLength(2);
    expect(logs[0]).toMatch(/not admitting \(event loop saturated: 0 live.*p99 lag 180 ms\)/);
    expect(logs[1]).toMatch(/admitting again/);
  });

  it('admits every call without a capacity, still reporting its figures', () => {
    const { loop, live } = admission(null);
    loop.utilization = 1;
    for (let i = 0; i < 50; i++) live.opened(`call-${i}`);
    expect(live.room()).toBe(Infinity);
    expect(live.status()).toMatchObject({ liveCalls: 50, capacity: null, eventLoopUtilization: 1 });
  });
});
