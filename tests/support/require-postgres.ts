import pg from 'pg';
import { TEST_DATABASE_URL } from './databases';

/** Suites that need PostgreSQL fail loudly when it is missing; they are never skipped. */
export default async function requirePostgres(): Promise<void> {
  const client = new pg.Client({
    connectionString: TEST_DATABASE_URL,
    connectionTimeoutMillis: 5000,
  });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (error) {
    throw new Error(
      `These tests need a real PostgreSQL server at ${TEST_DATABASE_URL} (set TEST_DATABASE_URL, or run .ci/run which provides one): ${(error as Error).message}`,
    );
  } finally {
    await client.end().catch(() => {});
  }
}
