import { spawn, type ChildProcess } from 'node:child_process';

/**
 * `count` processes that each keep one core busy (a tight loop) until stopped, so a benchmark
 * "under load" means the same contention every time instead of whatever else the machine runs.
 */
export function startCpuHogs(count: number): { pids: number[]; stop(): void } {
  const hogs: ChildProcess[] = Array.from({ length: count }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
  );
  // Never left behind, however the benchmark ends.
  const stop = () => {
    for (const hog of hogs) if (hog.exitCode === null && !hog.killed) hog.kill('SIGKILL');
  };
  process.once('exit', stop);
  return { pids: hogs.map((hog) => hog.pid!), stop };
}
