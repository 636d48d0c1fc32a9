// A test-only clock for the server process, loaded with
// `node --import tsx --import ./tests/support/fixed-clock.ts server.ts`.
//
// TEST_CLOCK_FILE names a file holding either one instant (an ISO date-time such as
// `2025-06-15T12:00:00.000Z`: time stands still there) or `real+<ms>` (time runs at the real
// rate, that far ahead). Every `Date.now()` and every argument-less `new Date()` / `Date()`
// reads that file again, so a test moves a running server across a bucket edge by rewriting the
// file; no restart, no sleeps. Only Date is replaced: timers, `performance.now()` and
// `process.hrtime` keep real time, so sockets, timeouts and Next's own scheduling are unaffected.
// Everything else on Date (parse, UTC, the prototype, `instanceof Date`) is the real one.
//
// In the running mode the services' own timers follow the file too: the preload installs the
// Clock lib/platform/runtime/clock.ts hands out, whose sleeps end once the file's time reaches them, so a
// test moves a live call past its max_duration by moving the clock.
//
// Why not @sinonjs/fake-timers: it freezes `now` at install time and moves it only through
// `clock.tick()` / `clock.setSystemTime()` called inside this process; its public API has no
// "ask an outside source on every read", which is what steering a child process needs.
import { readFileSync } from 'node:fs';
import { INSTALLED_CLOCK, type Clock } from '../../lib/platform/runtime/clock';

const file = process.env.TEST_CLOCK_FILE;
/** How often waiting sleeps look at the file again (a moved clock wakes them this soon). */
const POLL_MS = 20;

if (file) {
  const RealDate = Date;
  const realNow = RealDate.now.bind(RealDate);

  const clockNow = (): number => {
    const text = readFileSync(file, 'utf8').trim();
    const ahead = /^real\+(\d+)$/.exec(text);
    if (ahead) return realNow() + Number(ahead[1]);
    const ms = RealDate.parse(text);
    // A broken clock file must be loud, never silently real time.
    if (Number.isNaN(ms)) throw new Error(`fixed-clock: ${file} holds no date-time: "${text}"`);
    return ms;
  };

  globalThis.Date = new Proxy(RealDate, {
    construct(target, args: unknown[], newTarget: NewableFunction) {
      return Reflect.construct(target, args.length === 0 ? [clockNow()] : args, newTarget) as Date;
    },
    // `Date()` called as a function returns the current time as a string.
    apply() {
      return new RealDate(clockNow()).toString();
    },
    get(target, key, receiver) {
      return key === 'now' ? clockNow : (Reflect.get(target, key, receiver) as unknown);
    },
  });

  if (readFileSync(file, 'utf8').trim().startsWith('real+')) {
    const clock: Clock = {
      now: clockNow,
      sleep: (ms, signal) =>
        new Promise((resolve) => {
          const until = clockNow() + ms;
          const look = () => {
            if (signal?.aborted || clockNow() >= until) return resolve();
            setTimeout(look, Math.min(POLL_MS, until - clockNow()));
          };
          look();
        }),
    };
    (globalThis as Record<symbol, unknown>)[INSTALLED_CLOCK] = clock;
  }
}
