import { and, asc, eq, sql } from 'drizzle-orm';
import type { ToolCallEntry } from '@/schemas/call-tools';
import type { z } from 'zod';
import { schema, type Executor } from '../../adapters/db';

type Entry = z.infer<typeof ToolCallEntry>;
type Row = typeof schema.callToolCalls.$inferSelect;

/** What the model read of an answer, and what the call detail shows of it. */
export const OUTPUT_EXCERPT_CHARS = 2_000;

const entry = (row: Row): Entry => ({
  name: row.name,
  input: row.input ?? null,
  status: row.status,
  http_status: row.httpStatus,
  duration_ms: row.durationMs,
  output: row.output,
  at: row.at.toISOString(),
});

/** A call's tool calls in order, as the call detail shows them. */
export async function listToolCalls(db: Executor, callId: string): Promise<Entry[]> {
  const rows = await db
    .select()
    .from(schema.callToolCalls)
    .where(eq(schema.callToolCalls.callId, callId))
    .orderBy(asc(schema.callToolCalls.id));
  return rows.map(entry);
}

// Read with the call's row in one statement, as the transcript is (see get-call-detail.ts).
export const toolCallsJson = sql<Entry[]>`coalesce(
  (select json_agg(json_build_object('name', tc.name, 'input', tc.input, 'status', tc.status,
     'http_status', tc.http_status, 'duration_ms', tc.duration_ms, 'output', tc.output,
     'at', to_char(tc.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) order by tc.id)
   from call_tool_calls tc where tc.call_id = "calls"."id"),
  '[]'::json)`;

/** What a tool call came to: its status, the HTTP status, what the model read. */
export type ToolCallResult = Pick<Row, 'status' | 'httpStatus' | 'durationMs' | 'output'>;

/** Records one call of a tool (`id`: the row claimToolCall claimed for it, now settled). */
export async function recordToolCall(
  db: Executor,
  values: Omit<Row, 'id' | 'output' | 'step'> & { output: string },
  id?: number,
): Promise<void> {
  const output = values.output.slice(0, OUTPUT_EXCERPT_CHARS);
  if (id === undefined) {
    await db.insert(schema.callToolCalls).values({ ...values, output });
    return;
  }
  const { status, httpStatus, durationMs } = values;
  await db
    .update(schema.callToolCalls)
    .set({ status, httpStatus, durationMs, output })
    .where(eq(schema.callToolCalls.id, id));
}

/** Stands in a claimed row until the tool answers: what a step run again reads if it never did. */
export const UNSETTLED_OUTPUT =
  'failed: the call step stopped before the tool answered; whether it acted is unknown';

/**
 * Claims calling tool `name` at sandbox step `step` before the request goes out, in its own
 * statement (committed whatever happens to the step): `{ claimed: id }` to call it, or the
 * result of the call an earlier run of the same step made (or began: then it reads as failed
 * with its outcome unknown), so a step run again never calls the customer's API twice.
 */
export async function claimToolCall(
  db: Executor,
  values: { callId: string; step: number; name: string; input: unknown; at: Date },
): Promise<{ claimed: number } | { earlier: ToolCallResult }> {
  const t = schema.callToolCalls;
  const [claimed] = await db
    .insert(t)
    .values({
      ...values,
      status: 'error',
      httpStatus: null,
      durationMs: 0,
      output: UNSETTLED_OUTPUT,
    })
    .onConflictDoNothing()
    .returning({ id: t.id });
  if (claimed) return { claimed: claimed.id };
  const [earlier] = await db
    .select({
      status: t.status,
      httpStatus: t.httpStatus,
      durationMs: t.durationMs,
      output: t.output,
    })
    .from(t)
    .where(and(eq(t.callId, values.callId), eq(t.step, values.step), eq(t.name, values.name)));
  if (!earlier) throw new Error(`tool call ${values.name} at step ${values.step}: claim not found`);
  return { earlier };
}
