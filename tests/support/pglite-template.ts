import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPgliteDatabase, MIGRATIONS_FOLDER } from '@/lib/adapters/db/create-database';

// Creating a PGlite data directory runs initdb in WebAssembly (~5 s of CPU); opening a copy of a
// migrated one takes ~0.4 s. Servers under test that run on the embedded database start from a
// copy of one template per migration set, made once.
function templateDir(): string {
  const hash = createHash('sha256');
  for (const name of readdirSync(MIGRATIONS_FOLDER).sort()) {
    if (name.endsWith('.sql')) hash.update(readFileSync(join(MIGRATIONS_FOLDER, name)));
  }
  return join(tmpdir(), `voiceai-pglite-template-${hash.digest('hex').slice(0, 12)}`);
}

/** globalSetup: make the template once per migration set. */
export default async function preparePgliteTemplate(): Promise<void> {
  const dir = templateDir();
  if (existsSync(dir)) return;
  const building = `${dir}.${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  const database = createPgliteDatabase(building);
  await database.ready();
  await database.close();
  mkdirSync(tmpdir(), { recursive: true });
  try {
    renameSync(building, dir);
  } catch {
    rmSync(building, { recursive: true, force: true });
  }
}

/** Puts a migrated PGlite database where a server with DATA_DIR=`dataDir` looks for it. */
export function seedPglite(dataDir: string): void {
  const dir = templateDir();
  if (existsSync(dir) && !existsSync(join(dataDir, 'pglite'))) {
    cpSync(dir, join(dataDir, 'pglite'), { recursive: true });
  }
}
