import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, schema, type Database } from '@/lib/db';
import { freshPostgresUrl } from '../../support/databases';
import { tcpProxy } from '../../support/tcp-proxy';

// A pooled connection that died while idle fails the statement that next uses it. When that
// statement is a transaction's BEGIN, the client must still go back to the pool: drizzle's
// transaction() runs BEGIN outside its try/finally, and a pool that loses a client per outage
// ends up empty, every later request waiting for a connection that never comes (found by the
// Postgres fault test: the server could not even shut down).
let database: Awaited<ReturnType<typeof freshPostgresUrl>>;
let proxy: Awaited<ReturnType<typeof tcpProxy>>;
let db: Database;

beforeAll(async () => {
  database = await freshPostgresUrl();
  const direct = new URL(database.url);
  proxy = await tcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  const proxied = new URL(database.url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.port);
  // Two connections (migrating takes both): two lost clients empty the pool.
  db = createPostgresDatabase(proxied.toString(), { max: 2 });
  await db.ready();
});
afterAll(async () => {
  await db?.close();
  await proxy?.close();
  await database?.drop();
});

describe('postgres adapter: a connection lost under a transaction', () => {
  it('fails that transaction and gives its client back, so the next one runs', async () => {
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
