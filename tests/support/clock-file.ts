import { mkdtempSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export { FIXED_CLOCK_PRELOAD } from './preloads';

export interface ClockFile {
  /** For the server's environment: `{ TEST_CLOCK_FILE: path }`. */
  env: Record<string, string>;
  /** Sets the server's clock; the next Date read in the server process sees it. */
  set(iso: string): void;
}

function clockFile(initial: string): { env: Record<string, string>; write(text: string): void } {
  const path = join(mkdtempSync(join(tmpdir(), 'voiceai-clock-')), 'now');
  // Written beside and renamed over: the server, reading on every Date.now(), never sees half a file.
  const write = (text: string) => {
    writeFileSync(`${path}.next`, text);
    renameSync(`${path}.next`, path);
  };
  write(initial);
  return { env: { TEST_CLOCK_FILE: path }, write };
}

/** The test side of fixed-clock.ts: a file holding the instant a server process reads as now. */
export function createClockFile(initial: string): ClockFile {
  const valid = (iso: string) => {
    if (Number.isNaN(Date.parse(iso))) throw new Error(`not a date-time: ${iso}`);
    return iso;
  };
  const { env, write } = clockFile(valid(initial));
  return { env, set: (iso) => write(valid(iso)) };
}

export interface RunningClockFile {
  /** For the server's environment: `{ TEST_CLOCK_FILE: path }`. */
  env: Record<string, string>;
  /** Moves the server's time (its Date and its services' timers) `ms` further ahead. */
  advance(ms: number): void;
}

/**
 * A clock file whose time runs at the real rate, from real time, until the test moves it on:
 * a live call's timers (max_duration) then fire at once, while its audio keeps its pace.
 */
export function createRunningClockFile(): RunningClockFile {
  let aheadMs = 0;
  const { env, write } = clockFile('real+0');
  return {
    env,
    advance(ms) {
      aheadMs += ms;
      write(`real+${aheadMs}`);
    },
  };
}
