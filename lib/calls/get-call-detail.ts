import { and, eq, sql } from 'drizzle-orm';
import type { CallDetailBody } from '@/schemas/calls';
import { schema } from '../db';
import { ApiError } from '../http/api-error';
import { renderCall } from './render-call';
import type { CallDeps } from './types';

const t = schema.transcripts;
// The transcript comes with the row in one statement: a detail read is the hottest call path
// (REST and the tool server's get_call and wait_for_call), and each statement is a round trip.
// Columns are qualified by hand: drizzle leaves them bare in a one-table select, and a bare "id"
// inside the subquery is the transcript's own id, not the call's.
const lines = sql<{ id: number; created_at: string; text: string; user: string }[]>`coalesce(
  (select json_agg(json_build_object('id', tl.id, 'created_at', tl.created_at, 'text', tl.text, 'user', tl."user") order by tl.seq)
   from ${t} as tl where tl.call_id = ${schema.calls}.id),
  '[]'::json)`;

/** One call of one organization as the API shows it; another org's call is 404 NOT_FOUND. */
export async function getCallDetail(
  deps: Pick<CallDeps, 'db' | 'clock' | 'settings'>,
  orgId: string,
  callId: string,
  origin: string,
): Promise<CallDetailBody> {
  const [found] = await deps.db
    .select({ row: schema.calls, lines })
    .from(schema.calls)
    .where(and(eq(schema.calls.id, callId), eq(schema.calls.orgId, orgId)));
  if (!found) throw new ApiError('NOT_FOUND', { message: 'No call has this id.' });
  const transcript = found.lines.map((line) => ({
    id: line.id,
    createdAt: new Date(line.created_at),
    text: line.text,
    user: line.user as (typeof t.$inferSelect)['user'],
  }));
  return renderCall(found.row, transcript, {
    origin,
    urlSigningKey: deps.settings.urlSigningKey,
    nowMs: deps.clock.now(),
  });
}
