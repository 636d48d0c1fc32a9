// Loaded into a benchmarked server when BENCH_CPU_PROFILE_DIR is set (Node refuses --cpu-prof in
// NODE_OPTIONS): one CPU profile of the main thread, 1 ms sampling, from start-up until the
// benchmark writes `stop` into that folder; then it writes `server.cpuprofile` and `done`. The
// profile carries `epochOffsetUs` so a second of bench/elu-preload.ts can be cut out of it
// (`npm run bench:profile-top -- FILE --from MS --to MS`). Stopping the profiler is costly (it
// serializes every sample), so it happens once, after the measured calls.
import { existsSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';

const dir = process.env.BENCH_CPU_PROFILE_DIR;

if (dir) {
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) =>
      session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
    );
  // V8 stamps samples on the monotonic clock that process.hrtime reads.
  const epochOffsetUs = Date.now() * 1000 - Number(process.hrtime.bigint() / 1000n);
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 1000 });
  await post('Profiler.start');
  const poll = setInterval(() => {
    if (!existsSync(join(dir, 'stop'))) return;
    clearInterval(poll);
    void (async () => {
      const { profile } = (await post('Profiler.stop')) as { profile: object };
      writeFileSync(join(dir, 'server.cpuprofile'), JSON.stringify({ ...profile, epochOffsetUs }));
      writeFileSync(join(dir, 'done'), '');
    })();
  }, 200);
  poll.unref();
}
