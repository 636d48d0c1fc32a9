import { and, asc, eq } from 'drizzle-orm';
import { ApiError } from '../platform/errors/api-error';
import { schema, type Executor } from '../adapters/db';
import type { CallRow } from './types';

/** One call of one organization; another organization's call does not exist (404, not 403). */
export async function getCallRowOrThrow(
  db: Executor,
  orgId: string,
  callId: string,
): Promise<CallRow> {
  const [row] = await db
    .select()
    .from(schema.calls)
    .where(and(eq(schema.calls.id, callId), eq(schema.calls.orgId, orgId)));
  if (!row) throw new ApiError('NOT_FOUND', { message: 'No call has this id.' });
  return row;
}

export function getTranscripts(db: Executor, callId: string) {
  return db
    .select()
    .from(schema.transcripts)
    .where(eq(schema.transcripts.callId, callId))
    .orderBy(asc(schema.transcripts.seq));
}
