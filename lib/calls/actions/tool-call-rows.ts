import { asc, eq, sql } from 'drizzle-orm';
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

/** Records one call of a tool. */
export async function recordToolCall(
  db: Executor,
  values: Omit<Row, 'id' | 'output'> & { output: string },
): Promise<void> {
  await db
    .insert(schema.callToolCalls)
    .values({ ...values, output: values.output.slice(0, OUTPUT_EXCERPT_CHARS) });
}
