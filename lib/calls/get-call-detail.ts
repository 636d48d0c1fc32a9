import { and, eq, sql } from 'drizzle-orm';
import type { CallDetailBody } from '@/schemas/call-detail';
import { schema } from '../adapters/db';
import { ApiError } from '../platform/errors/api-error';
import { renderCall, renderedCallColumns } from './render-call';
import { toolCallsJson } from './actions/tool-call-rows';
import type { CallDeps } from './types';

type TranscriptLine = typeof schema.transcripts.$inferSelect;
// The transcript comes with the row in one statement: a detail read is the hottest call path
// (REST and the tool server's get_call and wait_for_call), and each statement is a round trip.
// Names are qualified by hand: drizzle leaves a one-table select's columns bare, and a bare "id"
// inside the subquery would be the transcript's.
const lines = sql<
  { id: number; created_at: string; text: string; user: TranscriptLine['user'] }[]
>`coalesce(
  (select json_agg(json_build_object('id', tr.id, 'created_at', tr.created_at, 'text', tr.text, 'user', tr."user") order by tr.seq)
   from transcripts tr where tr.call_id = "calls"."id"),
  '[]'::json)`;

/** One call of one organization as the API shows it; another org's call is 404 NOT_FOUND. */
export async function getCallDetail(
  deps: Pick<CallDeps, 'db' | 'clock' | 'settings'>,
  orgId: string,
  callId: string,
  origin: string,
): Promise<CallDetailBody> {
  const [found] = await deps.db
    .select({ row: renderedCallColumns, lines, toolCalls: toolCallsJson })
    .from(schema.calls)
    .where(and(eq(schema.calls.id, callId), eq(schema.calls.orgId, orgId)));
  if (!found) throw new ApiError('NOT_FOUND', { message: 'No call has this id.' });
  const transcript = found.lines.map((line) => ({
    id: line.id,
    createdAt: new Date(line.created_at),
    text: line.text,
    user: line.user,
  }));
  return renderCall(found.row, transcript, {
    origin,
    urlSigningKey: deps.settings.urlSigningKey,
    nowMs: deps.clock.now(),
    toolCalls: found.toolCalls,
  });
}
