import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import {
  createPgliteDatabase,
  createPostgresDatabase,
  type Database,
  type Db,
} from '@/lib/adapters/db';
import { migratedDump, migrationSetHash } from './pglite-template';

/** The real PostgreSQL server the suites use; .ci/run makes sure one answers. */
export const TEST_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * This run's prefix for copies of the migrated template (tests/support/postgres-template.ts,
     * the run's global set-up); another run's copies are not this one's to drop.
     */
    postgresCopyPrefix: string;
  }
}

/** The migrated template of this migration set (made by tests/support/postgres-template.ts). */
export const postgresTemplateName = () => `vai_tpl_${migrationSetHash()}`;

export function postgresUrlOf(name: string): string {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A short-lived client on the test server's maintenance connection (create, drop, list). */
export async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end().catch(() => {});
  }
}

async function createDatabase(name: string, template?: string): Promise<void> {
  await withAdmin((client) =>
    client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`),
  );
}

async function dropDatabase(name: string): Promise<void> {
  await withAdmin(async (client) => {
    // A pool's last sockets can still be closing after pool.end() on a loaded machine; FORCE
    // would end them and the pool would log the server's goodbye as an error. Wait for them
    // (bounded), then FORCE whatever is left.
    for (let i = 0; i < 50; i++) {
      const { rows } = await client.query<{ n: string }>(
        'SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1',
        [name],
      );
      if (Number(rows[0]?.n ?? 0) === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
}

/** An empty database of its own on the test server (so parallel suites never meet), dropped by `drop`. */
export async function freshPostgresUrl(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `vai_t_${randomBytes(6).toString('hex')}`;
  await createDatabase(name);
  return { url: postgresUrlOf(name), drop: () => dropDatabase(name) };
}

/**
 * A migrated database of its own: a copy of the run's template (CREATE DATABASE … TEMPLATE,
 * where migrating an empty one ran every migration). Without a template in this run (a project
 * whose set-up makes none), an empty one, migrated by whoever opens it.
 */
export async function migratedPostgresUrl(): Promise<{ url: string; drop: () => Promise<void> }> {
  // Outside vitest (the benchmarks start servers with these helpers) there is no run's template.
  const prefix = process.env.VITEST
    ? (inject('postgresCopyPrefix') as string | undefined)
    : undefined;
  if (!prefix) return freshPostgresUrl();
  const name = `${prefix}${randomBytes(6).toString('hex')}`;
  await createDatabase(name, postgresTemplateName());
  return { url: postgresUrlOf(name), drop: () => dropDatabase(name) };
}

export interface TestDatabase {
  database: Database;
  dispose(): Promise<void>;
}

/**
 * A migrated PGlite database in memory: loaded from the run's template (globalSetup
 * tests/support/pglite-template.ts) when there is one, ~1.4 s of CPU instead of initdb's ~8 s.
 */
export function freshPglite(): Database {
  return createPgliteDatabase(undefined, { from: migratedDump() });
}

/** The embedded adapter (PGlite, in process): for unit suites that want a real database. */
export const pgliteAdapter = {
  name: 'pglite',
  open: async (): Promise<TestDatabase> => {
    const database = freshPglite();
    return { database, dispose: () => database.close() };
  },
};

/**
 * Every adapter of the database port, for contract suites; `TEST_DATABASES` (`pglite`,
 * `postgres`) keeps only those named (mutation testing reruns suites per mutant on Postgres only).
 */
export const databaseAdapters: { name: string; open(): Promise<TestDatabase> }[] = [
  pgliteAdapter,
  {
    name: 'postgres',
    open: async () => {
      const { url, drop } = await migratedPostgresUrl();
      const database = createPostgresDatabase(url, { max: 20 });
      return {
        database,
        dispose: async () => {
          await database.close();
          await drop();
        },
      };
    },
  },
].filter(({ name }) => process.env.TEST_DATABASES?.split(',').includes(name) ?? true);

/**
 * Opens `adapter`'s database for the enclosing describe block (closed after it) and hands it
 * to `ready`, which makes what the block's tests use of it.
 */
export function openForSuite(
  adapter: { open(): Promise<TestDatabase> },
  ready: (db: Db) => void,
): void {
  let handle: TestDatabase | undefined;
  beforeAll(async () => {
    handle = await adapter.open();
    ready(await handle.database.ready());
    // A fresh PGlite runs every migration: seconds alone, a minute on a machine shared by many.
  }, 120_000);
  afterAll(() => handle?.dispose());
}
