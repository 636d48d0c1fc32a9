import { eq } from 'drizzle-orm';
import { schema, type Executor } from '../adapters/db';

/**
 * Where each transcript line of a call starts in its audio (milliseconds from the call's start),
 * by line id. The recording is the call's audio from its start, so these are the recording's own
 * times; the lines' `created_at` is when they were written, which a slow step can push later.
 */
export async function transcriptOffsets(
  db: Executor,
  callId: string,
): Promise<Map<number, number>> {
  const t = schema.transcripts;
  const rows = await db
    .select({ id: t.id, startMs: t.startMs })
    .from(t)
    .where(eq(t.callId, callId));
  return new Map(rows.map((row) => [row.id, row.startMs]));
}

/** A time in a recording as a player shows it: `m:ss`. */
export function playerTime(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}
