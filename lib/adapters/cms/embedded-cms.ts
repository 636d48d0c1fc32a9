import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { CmsError, type Cms, type GroqParams } from './types';
import { isPublishedDocument, runGroq } from './run-groq';

interface Loaded {
  mtimeMs: number;
  size: number;
  documents: unknown[];
}

/** Parses an NDJSON export; a malformed line is an error naming its line number. */
export function parseNdjson(text: string, file: string): unknown[] {
  const documents: unknown[] = [];
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    try {
      documents.push(JSON.parse(line));
    } catch {
      throw new CmsError(`${file}:${index + 1} is not valid JSON`);
    }
  });
  return documents;
}

/**
 * The CMS without an account: the same GROQ, run by groq-js over a Sanity NDJSON export.
 * The file is re-read when it changes on disk, so editing it and revalidating shows new content.
 */
export class EmbeddedCms implements Cms {
  readonly kind = 'embedded' as const;
  private loaded: Loaded | undefined;

  readonly source: string;

  constructor(private readonly file: string) {
    this.source = resolve(file);
  }

  get description(): string {
    try {
      return `embedded dataset ${this.file} (${this.documents().length} documents)`;
    } catch (error) {
      return `embedded dataset ${this.file} (unreadable: ${(error as Error).message})`;
    }
  }

  private documents(): unknown[] {
    let stat;
    try {
      stat = statSync(this.file);
    } catch {
      throw new CmsError(`cannot read ${this.file}`);
    }
    if (!this.loaded || this.loaded.mtimeMs !== stat.mtimeMs || this.loaded.size !== stat.size) {
      let text: string;
      try {
        text = readFileSync(this.file, 'utf8');
      } catch {
        throw new CmsError(`cannot read ${this.file}`);
      }
      const documents = parseNdjson(text, this.file).filter(isPublishedDocument);
      this.loaded = { mtimeMs: stat.mtimeMs, size: stat.size, documents };
    }
    return this.loaded.documents;
  }

  async query(groq: string, params: GroqParams = {}): Promise<unknown> {
    return runGroq(this.documents(), groq, params);
  }

  async ping(): Promise<void> {
    this.documents();
  }
}
