import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startCpuHogs } from '@/bench/cpu-hogs';

// `bench:voice-latency --hog N`: N processes that burn a core each, gone when the run ends.

/** CPU ticks (user) a process has used; null once it is gone. */
function cpuTicks(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // A zombie is gone as far as load goes.
    return fields[0] === 'Z' ? null : Number(fields[11]);
  } catch {
    return null;
  }
}

const poll = async (done: () => boolean) => {
  // Real processes: no clock to move, so the test looks until they did it (at most 10 s).
  for (let i = 0; i < 1_000 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
  return done();
};

describe('cpu hogs', () => {
  it('keeps N processes busy until stopped', async () => {
    const hogs = startCpuHogs(2);
    try {
      expect(hogs.pids).toHaveLength(2);
      // 20 ticks: 0.2 s of a core each, only a busy loop gets there this soon.
      expect(await poll(() => hogs.pids.every((pid) => (cpuTicks(pid) ?? 0) >= 20))).toBe(true);
    } finally {
      hogs.stop();
    }
    expect(await poll(() => hogs.pids.every((pid) => cpuTicks(pid) === null))).toBe(true);
  });
});
