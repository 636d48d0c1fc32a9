import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

// Read from node_modules at run time (as the speech worker is): Next would otherwise bundle
// 3.5 MB of browser code into the server.
const BUNDLE = 'node_modules/@scalar/api-reference/dist/browser/standalone.js';
const PACKAGE = 'node_modules/@scalar/api-reference/package.json';

let loaded: Promise<{ body: Buffer; version: string }> | undefined;

/** The pinned `@scalar/api-reference` standalone bundle and its version, read once. */
export function apiReferenceScript(): Promise<{ body: Buffer; version: string }> {
  loaded ??= Promise.all([
    readFile(join(process.cwd(), BUNDLE)),
    readFile(join(process.cwd(), PACKAGE), 'utf8'),
  ]).then(([body, manifest]) => ({
    body,
    version: (JSON.parse(manifest) as { version: string }).version,
  }));
  loaded.catch(() => (loaded = undefined));
  return loaded;
}
