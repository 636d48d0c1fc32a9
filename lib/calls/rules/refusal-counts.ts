import { asc, eq, sql } from 'drizzle-orm';
import { schema, type Executor } from '@/lib/adapters/db';
import { ApiError } from '@/lib/platform/errors/api-error';

/** The codes the calling rules refuse a call with: each one is counted per organization. */
const RULE_CODES: ReadonlySet<string> = new Set([
  'DESTINATION_NOT_ALLOWED',
  'COUNTRY_NOT_ALLOWED',
  'OUTSIDE_CALLING_HOURS',
  'NUMBER_ON_DNC_LIST',
  'DEPOSIT_REQUIRED',
  'FROM_NOT_ALLOWED',
  'VELOCITY_LIMIT',
]);

export interface RefusalCount {
  code: string;
  count: number;
  last_at: string;
}

/**
 * Counts a refusal of the organization's call when `error` is a calling rule's; other errors
 * pass. A count that cannot be written never changes the refusal the caller gets.
 */
export async function countRefusal(
  db: Executor,
  orgId: string,
  error: unknown,
  now: Date,
): Promise<void> {
  if (!(error instanceof ApiError) || !RULE_CODES.has(error.code)) return;
  const r = schema.callRefusals;
  await db
    .insert(r)
    .values({ orgId, code: error.code, count: 1, lastAt: now })
    .onConflictDoUpdate({
      target: [r.orgId, r.code],
      set: { count: sql`${r.count} + 1`, lastAt: now },
    })
    .catch((failure: unknown) =>
      console.error('calling rules: a refusal was not counted:', failure),
    );
}

/** The organization's refusals by code (GET /v1/calling-rules, the console). */
export async function readRefusalCounts(db: Executor, orgId: string): Promise<RefusalCount[]> {
  const r = schema.callRefusals;
  const rows = await db.select().from(r).where(eq(r.orgId, orgId)).orderBy(asc(r.code));
  return rows.map((row) => ({
    code: row.code,
    count: row.count,
    last_at: row.lastAt.toISOString(),
  }));
}
