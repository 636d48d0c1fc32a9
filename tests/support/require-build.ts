import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { FIXED_CLOCK_PRELOAD, SAAS_PRELOAD, VOICE_PRELOAD } from './preloads';
import { PRELOAD_BUNDLES, SERVER_BUNDLE } from './server';

/** What server.ts's bundle is made of. */
const BUNDLED = ['server.ts', 'lib', 'schemas', 'app'];
/** The modules tests load into a server before it (tests/support/build-preloads.mjs). */
const PRELOADS = [SAAS_PRELOAD, VOICE_PRELOAD, FIXED_CLOCK_PRELOAD];

function newestMtime(path: string): number {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, entry) => Math.max(max, newestMtime(join(path, entry))), 0);
}

/**
 * API tests run against the production build: Next's (.next), which `npm run build` makes (npm
 * test does), and server.ts's bundle (dist/), made again here when a source is newer (it takes
 * a second), so that a narrow run after an edit tests the edit, as tsx once did; so are the
 * tests' preloads.
 */
export default function requireBuild(): void {
  if (!existsSync('.next/BUILD_ID')) {
    throw new Error(
      'No production build: run `npm run build` before the API tests (npm test does).',
    );
  }
  if (BUNDLED.some((source) => newestMtime(source) > newestMtime(SERVER_BUNDLE))) {
    run('scripts/build-server.mjs');
  }
  const preloadsBuilt = Math.min(...PRELOADS.map((file) => newestMtime(PRELOAD_BUNDLES(file))));
  if ([...BUNDLED, 'tests/support'].some((source) => newestMtime(source) > preloadsBuilt)) {
    run('tests/support/build-preloads.mjs', ...PRELOADS);
  }
}

function run(script: string, ...args: string[]): void {
  const result = spawnSync(process.execPath, [script, ...args], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${script} failed`);
}
