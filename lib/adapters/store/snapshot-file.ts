import { mkdirSync, readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * The embedded store's snapshot on disk: read once at start, rewritten a moment after changes.
 * Written with write-then-rename, so a crash never leaves a half-written file.
 */
export class SnapshotFile<T> {
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private dirty = false;

  constructor(
    private readonly file: string,
    private readonly delayMs: number,
    /** What to save, read when the write happens. */
    private readonly entries: () => [string, T][],
  ) {}

  /** The saved entries; none on a first start. */
  load(): [string, T][] {
    let text: string;
    try {
      text = readFileSync(this.file, 'utf8');
    } catch {
      return []; // first start: nothing saved yet
    }
    return (JSON.parse(text) as { version: 1; entries: [string, T][] }).entries;
  }

  changed(): void {
    this.dirty = true;
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, this.delayMs);
    this.timer.unref();
  }

  /** Writes now (no-op when nothing changed). */
  flush(): Promise<void> {
    if (!this.dirty) return this.writing;
    this.dirty = false;
    const text = JSON.stringify({ version: 1, entries: this.entries() });
    const file = this.file;
    this.writing = this.writing.then(async () => {
      mkdirSync(dirname(file), { recursive: true });
      const temp = `${file}.${process.pid}.tmp`;
      await writeFile(temp, text);
      await rename(temp, file);
    });
    return this.writing;
  }

  /** Stops the pending timer and writes what is left. */
  close(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    return this.flush();
  }
}
