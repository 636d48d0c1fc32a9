// The compressed size of the JavaScript a page loads first: the scripts its HTML names, read from
// the build (.next/static) and gzipped at level 9, as a CDN would serve them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** KB (gzip) of the scripts `html` loads; noModule polyfills are left out (the browsers that run the console skip them). */
export function firstLoadJsKb(html: string): number {
  const sources = new Set(
    [...html.matchAll(/<script\b[^>]*>/g)]
      .filter((m) => !/nomodule/i.test(m[0]))
      .map((m) => /\bsrc="([^"]+\.js)[^"]*"/.exec(m[0])?.[1])
      .filter((src): src is string => src !== undefined),
  );
  let bytes = 0;
  for (const src of sources) {
    const file = join('.next', src.replace(/^\/_next\//, ''));
    bytes += gzipSync(readFileSync(file), { level: 9 }).length;
  }
  return bytes / 1024;
}
