import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What an msw stand-in shares with its test through `dir`: the mode it reads before answering
 * (`<dir>/mode.json`, `empty` when missing) and the requests it records (`<dir>/calls.ndjson`).
 */
export function fakeDirFiles<Mode extends object>(dir: string | undefined, empty: Mode) {
  return {
    mode(): Mode {
      if (!dir) return { ...empty };
      try {
        return JSON.parse(readFileSync(join(dir, 'mode.json'), 'utf8')) as Mode;
      } catch {
        return { ...empty };
      }
    },
    record(call: Record<string, unknown>): void {
      if (dir)
        appendFileSync(
          join(dir, 'calls.ndjson'),
          JSON.stringify({ ...call, at: Date.now() }) + '\n',
        );
    },
  };
}
