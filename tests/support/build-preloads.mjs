// The TypeScript modules tests load into a server process before server.ts (msw stand-ins, the
// test clock), bundled as the server is: loading tsx for them alone cost a server's start ~8 s
// of CPU. Usage: node tests/support/build-preloads.mjs <file.ts>... (written to
// dist/test-preloads/<name>.mjs, each file moved into place whole: a server starting meanwhile
// reads the old one or the new one).
import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { bundleForNode } from '../../scripts/build-server.mjs';

const PRELOAD_DIR = 'dist/test-preloads';

const files = process.argv.slice(2);
mkdirSync(PRELOAD_DIR, { recursive: true });
const scratch = mkdtempSync(join(PRELOAD_DIR, '.build-'));
try {
  await bundleForNode(
    Object.fromEntries(files.map((file) => [basename(file, '.ts'), file])),
    scratch,
    { splitting: false },
  );
  for (const built of readdirSync(scratch)) {
    renameSync(join(scratch, built), join(PRELOAD_DIR, built));
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
