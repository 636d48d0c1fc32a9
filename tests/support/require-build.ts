import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SERVER_BUNDLE } from './server';

/** What server.ts's bundle is made of. */
const BUNDLED = ['server.ts', 'lib', 'schemas', 'app'];

function newestMtime(path: string): number {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, entry) => Math.max(max, newestMtime(join(path, entry))), 0);
}

/**
 * API tests run against the production build: Next's (.next), which `npm run build` makes (npm
 * test does), and server.ts's bundle (dist/), made again here when a source is newer (it takes
 * a second), so that a narrow run after an edit tests the edit, as tsx once did.
 */
export default function requireBuild(): void {
  if (!existsSync('.next/BUILD_ID')) {
    throw new Error(
      'No production build: run `npm run build` before the API tests (npm test does).',
    );
  }
  const bundled = existsSync(SERVER_BUNDLE) ? statSync(SERVER_BUNDLE).mtimeMs : 0;
  if (BUNDLED.some((source) => newestMtime(source) > bundled)) {
    const result = spawnSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
    if (result.status !== 0) throw new Error('scripts/build-server.mjs failed');
  }
}
