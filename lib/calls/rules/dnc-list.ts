import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../../accounts';
import { schema, type Db, type Executor } from '@/lib/adapters/db';
import type { DncSource } from '@/lib/adapters/db/schema/calling-rules';

/** An organization's list, or the operators' (null), which every organization honours. */
export type DncOwner = string | null;

const ownerIs = (orgId: DncOwner) =>
  orgId === null ? isNull(schema.dncNumbers.orgId) : eq(schema.dncNumbers.orgId, orgId);

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export interface DncAddition {
  orgId: DncOwner;
  numbers: readonly string[];
  reason?: string | null;
  source: DncSource;
  /** The call in which the callee opted out (source opt_out). */
  callId?: string | null;
}

/**
 * Lists numbers (a listed one keeps its first entry: an opt-out's evidence is never overwritten).
 * One statement whatever the count: the numbers travel as one JSON parameter.
 */
export async function addDncNumbers(
  db: Executor,
  entry: DncAddition,
  now: Date,
): Promise<{ added: number; already_listed: number }> {
  const unique = [...new Set(entry.numbers)];
  const result = await db.execute(sql`
    INSERT INTO dnc_numbers (org_id, number, reason, source, call_id, created_at)
    SELECT ${entry.orgId}::uuid, n, ${entry.reason ?? null}, ${entry.source}, ${entry.callId ?? null}::uuid, ${now.toISOString()}::timestamptz
    FROM json_array_elements_text(${JSON.stringify(unique)}::json) AS n
    ON CONFLICT ON CONSTRAINT dnc_numbers_org_number DO NOTHING
    RETURNING number`);
  const added = rowsOf<{ number: string }>(result).length;
  return { added, already_listed: unique.length - added };
}

export async function removeDncNumbers(
  db: Executor,
  orgId: DncOwner,
  numbers: readonly string[],
): Promise<{ removed: number }> {
  const result = await db.execute(sql`
    DELETE FROM dnc_numbers
    WHERE ${orgId === null ? sql`org_id IS NULL` : sql`org_id = ${orgId}::uuid`}
      AND number IN (SELECT json_array_elements_text(${JSON.stringify([...new Set(numbers)])}::json))
    RETURNING number`);
  return { removed: rowsOf(result).length };
}

/** A change to a list, audited with its count and its first numbers (never thousands of them). */
export async function changeDncList(
  db: Db,
  change:
    | ({ kind: 'add' } & DncAddition)
    | { kind: 'remove'; orgId: DncOwner; numbers: readonly string[] },
  actor: AuditActor,
  now: Date,
): Promise<{ added?: number; already_listed?: number; removed?: number }> {
  return db.transaction(async (tx) => {
    const outcome =
      change.kind === 'add'
        ? await addDncNumbers(tx, change, now)
        : await removeDncNumbers(tx, change.orgId, change.numbers);
    await recordAudit(
      tx,
      {
        orgId: change.orgId,
        actor,
        action: change.kind === 'add' ? 'dnc.add' : 'dnc.remove',
        after: { ...outcome, numbers: change.numbers.slice(0, 20), count: change.numbers.length },
      },
      now,
    );
    return outcome;
  });
}

export interface DncPage {
  numbers: {
    number: string;
    reason: string | null;
    source: DncSource;
    call_id: string | null;
    created_at: string;
  }[];
  next_cursor: string | null;
}

/** One page of a list in number order; the cursor is the last number shown. */
export async function listDncNumbers(
  db: Executor,
  orgId: DncOwner,
  query: { number?: string; cursor?: string; limit: number },
): Promise<DncPage> {
  const d = schema.dncNumbers;
  const rows = await db
    .select()
    .from(d)
    .where(
      and(
        ownerIs(orgId),
        query.number === undefined ? undefined : eq(d.number, query.number),
        query.cursor === undefined ? undefined : gt(d.number, query.cursor),
      ),
    )
    .orderBy(asc(d.number))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    numbers: page.map((r) => ({
      number: r.number,
      reason: r.reason,
      source: r.source,
      call_id: r.callId,
      created_at: r.createdAt.toISOString(),
    })),
    next_cursor: rows.length > query.limit ? page.at(-1)!.number : null,
  };
}
