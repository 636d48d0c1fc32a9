import { sql } from 'drizzle-orm';
import type { Executor } from './types';

/** A raw statement prepared under a name; `execute` binds `$1…` from the values by their names. */
export interface RawStatement<Row> {
  execute(values: Record<string, unknown>): Promise<{ rows: Row[] }>;
}

const statements = new WeakMap<Executor, Map<string, RawStatement<unknown>>>();

/**
 * For a hot statement the query builder cannot express (a CTE feeding an INSERT … SELECT): on a
 * Postgres server each pooled connection parses and plans it once, under `name`, instead of on
 * every request, and the text is not composed again per request; PGlite runs it as any other.
 * `params` names the values of `$1`, `$2`… in order. The driver's raw result comes back (rows as
 * the driver gives them: bigint as text, timestamps as text), as `db.execute` would return it.
 */
export function prepareRaw<Row>(
  db: Executor,
  name: string,
  text: string,
  params: readonly string[],
): RawStatement<Row> {
  let byName = statements.get(db);
  if (!byName) statements.set(db, (byName = new Map()));
  let statement = byName.get(name);
  if (!statement) {
    const prepared = db._.session.prepareQuery(
      { sql: text, params: params.map((param) => sql.placeholder(param)) },
      undefined,
      name,
      false,
    );
    statement = {
      execute: async (values) => (await prepared.execute(values)) as { rows: unknown[] },
    };
    byName.set(name, statement);
  }
  return statement as RawStatement<Row>;
}
