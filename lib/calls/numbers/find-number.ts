import { and, eq, isNull } from 'drizzle-orm';
import { schema, type Executor } from '../../adapters/db';
import { ApiError } from '../../platform/errors/api-error';

export type NumberRow = typeof schema.phoneNumbers.$inferSelect;

/** The number as a path names it: E.164, its `+` sent as %2B, as a literal `+`, or left out. */
export function numberFromPath(raw: string): string {
  let value = raw;
  try {
    value = decodeURIComponent(raw);
  } catch {
    throw new ApiError('NUMBER_NOT_FOUND', { field: 'number' });
  }
  value = value.replace(/[\s().-]/g, '');
  if (/^\d{7,15}$/.test(value)) value = `+${value}`;
  if (!/^\+[1-9]\d{6,14}$/.test(value)) throw new ApiError('NUMBER_NOT_FOUND', { field: 'number' });
  return value;
}

/** The number the organization holds now (404 NUMBER_NOT_FOUND otherwise); `forUpdate` locks it. */
export async function findNumberOrThrow(
  db: Executor,
  orgId: string,
  number: string,
  options: { forUpdate?: boolean } = {},
): Promise<NumberRow> {
  const n = schema.phoneNumbers;
  const query = db
    .select()
    .from(n)
    .where(and(eq(n.orgId, orgId), eq(n.number, number), isNull(n.releasedAt)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw new ApiError('NUMBER_NOT_FOUND', { field: 'number' });
  return row;
}

/** Who holds `number` now, if anyone (any organization). */
export async function numberHolder(db: Executor, number: string): Promise<NumberRow | null> {
  const n = schema.phoneNumbers;
  const [row] = await db
    .select()
    .from(n)
    .where(and(eq(n.number, number), isNull(n.releasedAt)));
  return row ?? null;
}
