import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPgliteDatabase, MIGRATIONS_FOLDER } from '@/lib/adapters/db/create-database';

// Creating a PGlite data directory runs initdb in WebAssembly (~6 s of CPU) and then every
// migration; opening a copy of a migrated one takes ~1 s. Servers under test that run on the
// embedded database start from a copy of one template directory per migration set, made once;
// suites that open an in-memory database load the same one from its tarball (`migratedDump`).
/** A short hash of the migration files: a template made from another set is not reused. */
export function migrationSetHash(): string {
  const hash = createHash('sha256');
  for (const name of readdirSync(MIGRATIONS_FOLDER).sort()) {
    if (name.endsWith('.sql')) hash.update(readFileSync(join(MIGRATIONS_FOLDER, name)));
  }
  return hash.digest('hex').slice(0, 12);
}

function templateDir(): string {
  return join(tmpdir(), `voiceai-pglite-template-${migrationSetHash()}`);
}

const dumpOf = (dir: string) => `${dir}.tar`;

/** globalSetup: make the template (directory and tarball) once per migration set. */
export default async function preparePgliteTemplate(): Promise<void> {
  const dir = templateDir();
  if (existsSync(dir) && existsSync(dumpOf(dir))) return;
  const building = `${dir}.${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  const database = createPgliteDatabase(building);
  await database.ready();
  await database.close();
  // Dumped before the directory is in place: a server copying the template never meets it open.
  const opened = new PGlite(building);
  // Asked before it is ready, dumpDataDir never settles (and vitest exits quietly, code 0).
  await opened.waitReady;
  const dump = await opened.dumpDataDir('none');
  await opened.close();
  writeFileSync(`${building}.tar`, Buffer.from(await dump.arrayBuffer()));
  mkdirSync(tmpdir(), { recursive: true });
  try {
    renameSync(`${building}.tar`, dumpOf(dir));
    if (existsSync(dir)) rmSync(building, { recursive: true, force: true });
    else renameSync(building, dir);
  } catch {
    rmSync(building, { recursive: true, force: true });
    rmSync(`${building}.tar`, { force: true });
  }
}

/** Puts a migrated PGlite database where a server with DATA_DIR=`dataDir` looks for it. */
export function seedPglite(dataDir: string): void {
  const dir = templateDir();
  if (existsSync(dir) && !existsSync(join(dataDir, 'pglite'))) {
    cpSync(dir, join(dataDir, 'pglite'), { recursive: true });
  }
}

/** The migrated template's tarball, for `createPgliteDatabase(undefined, { from })`; undefined
 * when this run's set-up did not make one (the database then runs initdb and every migration). */
export function migratedDump(): string | undefined {
  const dump = dumpOf(templateDir());
  return existsSync(dump) ? dump : undefined;
}
