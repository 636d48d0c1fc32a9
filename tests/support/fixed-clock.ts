// A test-only clock for the server process, loaded with
// `node --import tsx --import ./tests/support/fixed-clock.ts server.ts`.
//
// TEST_CLOCK_FILE names a file holding one instant (an ISO date-time such as
// `2025-06-15T12:00:00.000Z`). Every `Date.now()` and every argument-less `new Date()` / `Date()`
// reads that file again, so a test moves a running server across a bucket edge by rewriting the
// file; no restart, no sleeps. Only Date is replaced: timers, `performance.now()` and
// `process.hrtime` keep real time, so sockets, timeouts and Next's own scheduling are unaffected.
// Everything else on Date (parse, UTC, the prototype, `instanceof Date`) is the real one.
//
// Why not @sinonjs/fake-timers: it freezes `now` at install time and moves it only through
// `clock.tick()` / `clock.setSystemTime()` called inside this process; its public API has no
// "ask an outside source on every read", which is what steering a child process needs.
import { readFileSync } from 'node:fs';

const file = process.env.TEST_CLOCK_FILE;

if (file) {
  const RealDate = Date;

  const clockNow = (): number => {
    const text = readFileSync(file, 'utf8').trim();
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
}
