import { join } from 'node:path';
import { getConfig, type Config } from '../../platform/config/config';
import { singleton } from '../../platform/runtime/singleton';
import { createPgliteDatabase, createPostgresDatabase } from './create-database';
import type { Database, Db } from './types';

/** DATABASE_URL set: a real Postgres server; unset: PGlite persisting under DATA_DIR. */
export function createDatabase(config: Config): Database {
  if (config.DATABASE_URL) return createPostgresDatabase(config.DATABASE_URL);
  return createPgliteDatabase(join(config.DATA_DIR, 'pglite'));
}

export function getDatabase(): Database {
  return singleton('database', () => createDatabase(getConfig()));
}

/** The process database, migrated. */
export function getDb(): Promise<Db> {
  return getDatabase().ready();
}
