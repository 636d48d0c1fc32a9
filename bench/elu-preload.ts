// Loaded into the server process by bench/voice-latency.ts: writes the event loop's utilisation
// (share of time the loop was busy, 0–1) once per second to BENCH_ELU_FILE, one JSON line each.
import { appendFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const file = process.env.BENCH_ELU_FILE;
if (file) {
  let last = performance.eventLoopUtilization();
  setInterval(() => {
    const now = performance.eventLoopUtilization();
    const elu = performance.eventLoopUtilization(now, last).utilization;
    last = now;
    appendFileSync(file, JSON.stringify({ at: Date.now(), elu }) + '\n');
  }, 1_000).unref();
}
