import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, schema, type Database } from '@/lib/adapters/db';
import { proxiedPostgres } from '../../support/proxied-postgres';
import { allowConsoleError } from '../../support/console-guard';

// A pooled connection that died while idle fails the statement that next uses it. When that
// statement is a transaction's BEGIN, the client must still go back to the pool: drizzle's
// transaction() runs BEGIN outside its try/finally, and a pool that loses a client per outage
// ends up empty, every later request waiting for a connection that never comes (found by the
// Postgres fault test: the server could not even shut down).
let database: Awaited<ReturnType<typeof proxiedPostgres>>;
let proxy: Awaited<ReturnType<typeof proxiedPostgres>>['proxy'];
let db: Database;

beforeAll(async () => {
  database = await proxiedPostgres();
  proxy = database.proxy;
  // Two connections (migrating takes both): two lost clients empty the pool.
  db = createPostgresDatabase(database.url, { max: 2 });
  await db.ready();
});
afterAll(async () => {
  await db?.close();
  await database?.dispose();
});

describe('postgres adapter: a connection lost under a transaction', () => {
  it('fails that transaction and gives its client back, so the next one runs', async () => {
    allowConsoleError(/postgres client: Connection terminated unexpectedly/);
    const client = await db.ready();
    // Both pooled connections open and idle, then the server "goes away" under them.
    const nap = () => client.execute(sql`SELECT pg_sleep(0.05)`);
    await Promise.all([nap(), nap()]);
    proxy.dropOnNextWrite();
    const doomed = () => client.transaction(async (tx) => tx.execute(sql`SELECT 1`));
    const results = await Promise.allSettled([doomed(), doomed()]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    const again = await client.transaction((tx) =>
      tx.select({ n: sql<number>`count(*)::int` }).from(schema.organizations),
    );
    expect(again).toEqual([{ n: 0 }]);
  });
});
