import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { PgliteThread } from './pglite-thread';
import * as schema from './schema';
import type { Database, Db } from './types';

/** Migrations are read at run time (not bundled), from the committed drizzle-kit output. */
export const MIGRATIONS_FOLDER = join(process.cwd(), 'lib/adapters/db/migrations');
// Any constant: instances starting together against one server take turns migrating.
const MIGRATION_LOCK = 724_031_117;
/** The longest a statement of the running server may wait for the database's answer. */
export const QUERY_TIMEOUT_MS = 10_000;
/** How often PGlite is vacuumed and analysed (it has no autovacuum). */
export const MAINTENANCE_INTERVAL_MS = 60_000;

export function redactDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return '(unparseable url)';
  }
}

type Query = (...args: unknown[]) => unknown;

/**
 * drizzle's transaction() checks a client out of the pool and runs BEGIN outside its
 * try/finally, so when BEGIN fails (the connection died while it sat idle in the pool) the
 * client is never released: each outage would cost the pool a client until none were left and
 * every request waited for one in vain. A client handed to drizzle therefore releases itself
 * (destroyed, as a connection that failed) when the first statement it is given fails; a later
 * release is then a no-op.
 */
function releaseOnFailedFirstStatement(client: pg.PoolClient): pg.PoolClient {
  const own = client as unknown as { query: Query };
  const query = client.query.bind(client) as Query;
  own.query = (...args: unknown[]) => {
    delete (own as { query?: Query }).query; // back to the prototype's query for the rest
    const result = query(...args);
    if (!(result instanceof Promise)) return result;
    return result.catch((error: unknown) => {
      client.release(error instanceof Error ? error : true);
      client.release = () => {};
      throw error;
    });
  };
  return client;
}

/** A real Postgres server over node-postgres (any managed Postgres works). */
export function createPostgresDatabase(url: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    // A server that does not answer (down, frozen, unreachable) fails the request as an outage
    // (503 with Retry-After) instead of holding it forever: when connecting, and for a statement
    // on a connection already open (a frozen server keeps it open and says nothing). Every query
    // of a request is far below this; migrations run on a connection of their own, unbounded.
    connectionTimeoutMillis: 10_000,
    query_timeout: QUERY_TIMEOUT_MS,
  });
  // An idle client losing its server must not crash the process; the next query reconnects.
  pool.on('error', (error) => console.error('postgres pool:', error.message));
  // The pool listens only to idle clients: one checked out (a transaction) whose connection drops
  // emits 'error' with no listener, an uncaught exception. Its pending query fails with the same
  // error and is answered as an outage; the event itself only needs a listener.
  pool.on('connect', (client) => {
    client.on('error', (error) => console.error('postgres client:', error.message));
  });
  // Promise-style checkouts (drizzle's transactions) get the guard; the
  // pool's own query() checks out with a callback and releases by itself.
  const connect = pool.connect.bind(pool) as (callback?: unknown) => Promise<pg.PoolClient> | void;
  pool.connect = ((callback?: unknown) =>
    callback
      ? connect(callback)
      : (connect() as Promise<pg.PoolClient>).then(
          releaseOnFailedFirstStatement,
        )) as typeof pool.connect;
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  let ready: Promise<Db> | undefined;
  return {
    kind: 'postgres',
    description: `postgres (${redactDatabaseUrl(url)})`,
    ready: () =>
      (ready ??= (async () => {
        // Waiting for another instance's migration, or one long migration, may take longer
        // than a request's statement may: its own connection, without the query timeout.
        const migrator = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
        migrator.on('error', (error) => console.error('postgres migrator:', error.message));
        await migrator.connect();
        try {
          await migrator.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migratePg(drizzlePg(migrator, { schema }), {
            migrationsFolder: MIGRATIONS_FOLDER,
          });
        } finally {
          await migrator.end().catch(() => {});
        }
        return db;
      })()),
    ping: async () => {
      await db.execute(sql`SELECT 1`);
    },
    // The server's autovacuum does it.
    maintain: async () => {},
    // One pool client runs the whole text, so a BEGIN … COMMIT in it stays on one connection.
    executeSql: async (text, values) => ({ rows: (await pool.query(text, values)).rows }),
    close: () => pool.end(),
  };
}

/**
 * Postgres compiled to WebAssembly, in a worker thread; `dir` undefined keeps it in memory.
 * `from`: a tarball of a data directory (PGlite's `dumpDataDir`) to start from instead of running
 * initdb, ~6 s of CPU (the test suites open each database from one dump, already migrated).
 */
export function createPgliteDatabase(
  dir: string | undefined,
  options: { from?: string } = {},
): Database {
  if (dir) mkdirSync(dir, { recursive: true });
  // In a worker thread: the database's WebAssembly work runs beside the server's thread.
  const thread = new PgliteThread(dir, options.from);
  // drizzle's PGlite driver uses only query and transaction, which the thread provides.
  const client = thread as unknown as PGlite;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  let ready: Promise<Db> | undefined;
  let timer: NodeJS.Timeout | undefined;
  // Waits for any open transaction (PGlite runs one statement or transaction at a time), and
  // only visits pages changed since the last run, so it is cheap when little was written.
  const maintain = async () => {
    await thread.exec('VACUUM (ANALYZE)');
  };
  return {
    kind: 'pglite',
    description: dir ? `pglite (${dir})` : 'pglite (in memory)',
    ready: () =>
      (ready ??= (async () => {
        await migratePglite(drizzlePglite(client, { schema }), {
          migrationsFolder: MIGRATIONS_FOLDER,
        });
        timer = setInterval(() => {
          maintain().catch((error: unknown) =>
            console.error('pglite maintenance:', error instanceof Error ? error.message : error),
          );
        }, MAINTENANCE_INTERVAL_MS);
        // Housekeeping never keeps the process alive.
        timer.unref();
        return db;
      })()),
    ping: async () => {
      await thread.query('SELECT 1');
    },
    maintain,
    executeSql: async (text, values) => {
      // PGlite binds parameters in one statement only; several statements go as one exec,
      // whose rows nobody reads. One that fails after its own BEGIN would leave the only
      // session in an aborted transaction: it is rolled back (a no-op when none is open).
      if (values?.length || !text.includes(';')) return thread.query(text, values ?? []);
      try {
        await thread.exec(text);
      } catch (error) {
        await thread.exec('ROLLBACK').catch(() => {});
        throw error;
      }
      return { rows: [] };
    },
    close: async () => {
      clearInterval(timer);
      await thread.close();
    },
  };
}
