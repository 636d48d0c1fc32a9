import type { LineTurn } from '../../adapters/telephony';
import { eq } from 'drizzle-orm';
import { schema, type Db } from '../../adapters/db';
import type { CallRow } from '../types';
import { encodeWav } from '../../adapters/speech-engine/wav';

/** One line of the transcript, with its real offset in the call and its length. */
export async function writeLine(
  db: Db,
  callId: string,
  line: {
    seq: number;
    user: LineTurn['user'];
    text: string;
    startMs: number;
    durationMs: number;
  },
  now: Date,
): Promise<void> {
  await db
    .insert(schema.transcripts)
    .values({ callId, ...line, startMs: Math.max(0, Math.round(line.startMs)), createdAt: now })
    .onConflictDoNothing();
}

/**
 * Stores the mixed recording. The carrier's final callback may have finished the call already
 * (it races the stream's stop): then the finished WAV is written here instead of a segment.
 */
export async function saveRecording(db: Db, call: CallRow, pcm: Buffer): Promise<void> {
  if (pcm.length === 0) return;
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ queueStatus: schema.calls.queueStatus })
      .from(schema.calls)
      .where(eq(schema.calls.id, call.id))
      .for('update');
    if (!row) return;
    const live = row.queueStatus === 'started';
    await tx
      .insert(schema.callAudio)
      .values({
        callId: call.id,
        seq: live ? 0 : -1,
        sampleRate: 8_000,
        data: live ? Buffer.from(pcm) : encodeWav(pcm, 8_000),
      })
      .onConflictDoNothing();
  });
}

/** Machine detection's verdict so far (it answers through a callback at any instance). */
export async function readAnsweredBy(db: Db, callId: string): Promise<string | null | undefined> {
  const [row] = await db
    .select({ answeredBy: schema.calls.answeredBy })
    .from(schema.calls)
    .where(eq(schema.calls.id, callId))
    .catch(() => []);
  return row?.answeredBy;
}
