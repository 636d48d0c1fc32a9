import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

/** Drizzle over either adapter: node-postgres and PGlite share the Postgres query builder. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** What data-access functions take: the database itself or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  readonly kind: 'postgres' | 'pglite';
  /** One line for the start-up log, without credentials. */
  readonly description: string;
  /** The database with every migration applied (applied once per process, on first use). */
  ready(): Promise<Db>;
  ping(): Promise<void>;
  /**
   * The housekeeping a Postgres server does by itself (autovacuum): PGlite has none, so without
   * it the dead rows of updated calls pile up and the planner has no statistics. A no-op on a
   * server; on PGlite it also runs every MAINTENANCE_INTERVAL_MS once the database is ready.
   */
  maintain(): Promise<void>;
  /**
   * Raw SQL outside drizzle, for a library that brings its own (the job queue): `values` bind
   * `$1…`; without them the text may hold several statements (BEGIN … COMMIT included).
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
}
