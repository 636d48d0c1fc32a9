import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { createPostgresDatabase } from '@/lib/adapters/db/create-database';
import { postgresTemplateName, postgresUrlOf, withAdmin as admin } from './databases';

// One migrated PostgreSQL database per migration set, kept between runs, that suites copy
// (`migratedPostgresUrl`, CREATE DATABASE … TEMPLATE) instead of migrating an empty one: the API
// suites' servers (which ran on PGlite, ~1.2 s of CPU to open and more on every query) and the
// contract suites' Postgres adapter. The browser suite's servers, and the API files about the
// embedded database itself, stay on PGlite, as `npm start` runs.

async function dropCopies(prefix: string): Promise<void> {
  await admin(async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE '${prefix}%'`,
    );
    for (const { datname } of rows)
      await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  });
}

/**
 * globalSetup (after require-postgres): the template, migrated once per migration set, as the
 * app migrates (createPostgresDatabase(...).ready()); teardown drops the copies this run left
 * (a killed server's database, kept for its restart; a suite's that failed before its own drop).
 */
export default async function preparePostgresTemplate(
  project: TestProject,
): Promise<() => Promise<void>> {
  const prefix = `vai_cp_${randomBytes(3).toString('hex')}_`;
  project.provide('postgresCopyPrefix', prefix);
  const name = postgresTemplateName();
  const exists = await admin(
    async (client) =>
      (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1,
  );
  if (!exists) {
    const building = `${name}_${randomBytes(4).toString('hex')}`;
    await admin((client) => client.query(`CREATE DATABASE ${building}`));
    const database = createPostgresDatabase(postgresUrlOf(building), { max: 1 });
    try {
      await database.ready();
    } finally {
      await database.close();
    }
    // Renamed when complete: a run never copies a half-migrated template. Another run that
    // made the same one first wins; this one's copy goes.
    await admin(async (client) => {
      try {
        await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      } catch {
        await client.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      }
      // Templates of earlier migration sets go (not one being copied now: that drop fails).
      const { rows } = await client.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE 'vai\\_tpl\\_%' AND datname <> $1`,
        [name],
      );
      for (const { datname } of rows)
        await client.query(`DROP DATABASE IF EXISTS ${datname}`).catch(() => {});
    });
  }
  return () => dropCopies(prefix);
}
