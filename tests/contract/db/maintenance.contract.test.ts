import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type Db } from '@/lib/adapters/db';
import { createOrg } from '@/lib/composition/create-org';
import { freshPglite } from '../../support/databases';

// PGlite only: a Postgres server's own autovacuum does this, and `maintain()` is a no-op there.
describe('PGlite maintenance', () => {
  let database: Database;
  let db: Db;

  beforeAll(async () => {
    database = freshPglite();
    db = await database.ready();
  }, 30_000);
  afterAll(() => database.close());

  const tableStats = async (table: string) => {
    const result = await db.execute(
      sql`select s.last_vacuum is not null as vacuumed, s.last_analyze is not null as analysed,
            c.reltuples::float8 as tuples
          from pg_stat_user_tables s join pg_class c on c.oid = s.relid
          where s.relname = ${table}`,
    );
    // Both drivers answer { rows }; the Db type spans both, so it does not say so.
    const { rows } = result as unknown as {
      rows: { vacuumed: boolean; analysed: boolean; tuples: number }[];
    };
    return rows[0]!;
  };

  it('vacuums and analyses the tables, as autovacuum would on a server', async () => {
    for (let i = 0; i < 20; i++) {
      await createOrg(db, { name: `Org ${i}`, startingCreditMicros: 1_000_000 }, new Date());
    }
    expect(await tableStats('organizations')).toMatchObject({ vacuumed: false, analysed: false });

    await database.maintain();

    const after = await tableStats('organizations');
    expect(after).toMatchObject({ vacuumed: true, analysed: true });
    // The planner now knows how many rows there are (-1 means "never analysed").
    expect(after.tuples).toBe(20);
  });
});
