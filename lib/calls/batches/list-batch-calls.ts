import { asc, eq } from 'drizzle-orm';
import type { BatchCallBody } from '@/schemas/batches';
import { renderCall, renderedCallColumns, type RenderOptions } from '../render-call';
import { schema, type Executor } from '../../adapters/db';

type TranscriptRow = Pick<
  typeof schema.transcripts.$inferSelect,
  'id' | 'callId' | 'createdAt' | 'text' | 'user'
>;

/**
 * The calls of a batch as the API shows them, oldest first. Transcripts of all calls come from
 * one query (joined on the batch), not one query per call.
 */
export async function listBatchCalls(
  db: Executor,
  batchId: string,
  options: RenderOptions & { transcripts: boolean },
): Promise<BatchCallBody[]> {
  const c = schema.calls;
  const t = schema.transcripts;
  const [rows, lines] = await Promise.all([
    db
      .select(renderedCallColumns)
      .from(c)
      .where(eq(c.batchId, batchId))
      .orderBy(asc(c.createdAt), asc(c.id)),
    options.transcripts
      ? db
          .select({
            line: {
              id: t.id,
              callId: t.callId,
              createdAt: t.createdAt,
              text: t.text,
              user: t.user,
            },
          })
          .from(t)
          .innerJoin(c, eq(c.id, t.callId))
          .where(eq(c.batchId, batchId))
          .orderBy(asc(t.callId), asc(t.seq))
      : Promise.resolve([]),
  ]);
  const byCall = new Map<string, TranscriptRow[]>();
  for (const { line } of lines) {
    const list = byCall.get(line.callId);
    if (list) list.push(line);
    else byCall.set(line.callId, [line]);
  }
  return rows.map((row) => {
    const call = renderCall(row, byCall.get(row.id) ?? [], options);
    if (options.transcripts) return call;
    const { transcripts: _t, concatenated_transcript: _c, ...rest } = call;
    return rest;
  });
}
