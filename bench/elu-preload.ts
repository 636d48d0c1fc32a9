// Loaded into the server process by bench/voice-latency.ts: every 250 ms writes how long the
// event loop was busy (`active`) and idle (`idle`), in ms, and the main thread's own CPU seconds in
// that slice, one JSON line each to BENCH_ELU_FILE. The benchmark sums the slices into one-second
// windows that start when its calls start, so no window mixes start-up with the calls. On a
// shared machine a loop that is ready to run but waits for a core counts as busy, so ELU rises
// with other work; CPU time barely does.
import { appendFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { procCpuMs } from './proc-cpu';

const file = process.env.BENCH_ELU_FILE;

/** CPU seconds the main thread (its task id is the pid) has used; null off Linux. */
function mainThreadCpuS(): number | null {
  try {
    return procCpuMs(`/proc/self/task/${process.pid}/stat`) / 1000;
  } catch {
    return null;
  }
}

if (file) {
  let last = performance.eventLoopUtilization();
  let lastCpu = mainThreadCpuS();
  setInterval(() => {
    const now = performance.eventLoopUtilization();
    const { active, idle } = performance.eventLoopUtilization(now, last);
    const cpu = mainThreadCpuS();
    const slice = {
      at: Date.now(),
      active,
      idle,
      cpu: cpu !== null && lastCpu !== null ? cpu - lastCpu : null,
    };
    last = now;
    lastCpu = cpu;
    appendFileSync(file, JSON.stringify(slice) + '\n');
  }, 250).unref();
}
