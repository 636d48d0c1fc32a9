import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Preload for startServer({ preload }) that makes the server's Date read a clock file. */
export const FIXED_CLOCK_PRELOAD = './tests/support/fixed-clock.ts';

export interface ClockFile {
  /** For the server's environment: `{ TEST_CLOCK_FILE: path }`. */
  env: Record<string, string>;
  /** Sets the server's clock; the next Date read in the server process sees it. */
  set(iso: string): void;
}

/** The test side of fixed-clock.ts: a file holding the instant a server process reads as now. */
export function createClockFile(initial: string): ClockFile {
  const path = join(mkdtempSync(join(tmpdir(), 'voiceai-clock-')), 'now');
  const set = (iso: string) => {
    if (Number.isNaN(Date.parse(iso))) throw new Error(`not a date-time: ${iso}`);
    writeFileSync(path, iso);
  };
  set(initial);
  return { env: { TEST_CLOCK_FILE: path }, set };
}
