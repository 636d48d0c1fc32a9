// Loaded into the server process by bench/voice-latency.ts: writes the event loop's utilisation
// (share of time the loop was busy, 0–1) once per second to BENCH_ELU_FILE, one JSON line each,
// with the main thread's own CPU time in that second. On a shared machine a loop that is ready to
// run but waits for a core counts as busy, so ELU rises with other work; CPU time barely does.
import { appendFileSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const file = process.env.BENCH_ELU_FILE;

/** CPU seconds the main thread (its task id is the pid) has used; null off Linux. */
function mainThreadCpuS(): number | null {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // USER_HZ is 100 on Linux
  } catch {
    return null;
  }
}

if (file) {
  let last = performance.eventLoopUtilization();
  let lastCpu = mainThreadCpuS();
  let lastAt = performance.now();
  setInterval(() => {
    const now = performance.eventLoopUtilization();
    const elu = performance.eventLoopUtilization(now, last).utilization;
    const cpu = mainThreadCpuS();
    const at = performance.now();
    const cpuShare =
      cpu !== null && lastCpu !== null ? (cpu - lastCpu) / ((at - lastAt) / 1000) : null;
    last = now;
    lastCpu = cpu;
    lastAt = at;
    appendFileSync(file, JSON.stringify({ at: Date.now(), elu, cpu: cpuShare }) + '\n');
  }, 1_000).unref();
}
