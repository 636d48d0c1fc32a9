import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';
import { createPostgresDatabase } from '@/lib/adapters/db/create-database';
import { freshPostgresUrl, TEST_DATABASE_URL } from './databases';
import { migrationSetHash } from './pglite-template';

// API suites' servers run on the test PostgreSQL server, each on a database of its own copied
// from one migrated template (CREATE DATABASE … TEMPLATE): a server on PGlite spent ~1.2 s of
// CPU opening it, and more on every query, ~170 starts a run. The browser suite's servers, and
// the API files about the embedded database itself, stay on PGlite, as `npm start` runs.

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run's prefix of server databases (another run's are not its to drop). */
    serverDatabasePrefix: string;
  }
}

const templateName = () => `vai_tpl_${migrationSetHash()}`;

function urlOf(name: string): string {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * A migrated copy of the template for one server; `drop` removes it (after the server stopped).
 * Without this run's template (a suite whose set-up does not make one), an empty database that
 * the server migrates as it starts.
 */
export async function serverDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const prefix = inject('serverDatabasePrefix') as string | undefined;
  if (!prefix) return freshPostgresUrl();
  const name = `${prefix}${randomBytes(6).toString('hex')}`;
  await admin((client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${templateName()}`));
  return {
    url: urlOf(name),
    drop: async () => {
      await admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

async function dropServerDatabases(prefix: string): Promise<void> {
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
 * app migrates (createPostgresDatabase(...).ready()); teardown drops what servers left behind
 * (a killed server's database, kept for its restart).
 */
export default async function preparePostgresTemplate(
  project: TestProject,
): Promise<() => Promise<void>> {
  const prefix = `vai_srv_${randomBytes(3).toString('hex')}_`;
  project.provide('serverDatabasePrefix', prefix);
  const name = templateName();
  const exists = await admin(
    async (client) =>
      (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1,
  );
  if (!exists) {
    const building = `${name}_${randomBytes(4).toString('hex')}`;
    await admin((client) => client.query(`CREATE DATABASE ${building}`));
    const database = createPostgresDatabase(urlOf(building), { max: 1 });
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
  return () => dropServerDatabases(prefix);
}
