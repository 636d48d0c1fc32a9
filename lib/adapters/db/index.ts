export * from './types';
export * as schema from './schema';
export { createDatabase, getDatabase, getDb } from './get-database';
export { prepareRaw, type RawStatement } from './prepare-raw';
export { createPgliteDatabase, createPostgresDatabase, redactDatabaseUrl } from './create-database';
export {
  isCheckViolation,
  isDatabaseUnavailable,
  isUniqueViolation,
} from '../../platform/errors/pg-errors';
