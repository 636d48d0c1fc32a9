import type { LineTurn } from '../../adapters/telephony';
import { and, eq, gte, max } from 'drizzle-orm';
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
 * Stores one media stream's mixed recording: a segment after those of the call's earlier streams
 * (press_digits reconnects the stream; the call's end joins the segments in order). The
 * carrier's final callback may have finished the call already (it races the stream's stop):
 * then this part is added to the finished WAV instead.
 */
export async function saveRecording(db: Db, call: CallRow, pcm: Buffer): Promise<void> {
  if (pcm.length === 0) return;
  const a = schema.callAudio;
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ queueStatus: schema.calls.queueStatus })
      .from(schema.calls)
      .where(eq(schema.calls.id, call.id))
      .for('update');
    if (!row) return;
    if (row.queueStatus === 'started') {
      const [last] = await tx
        .select({ seq: max(a.seq) })
        .from(a)
        .where(and(eq(a.callId, call.id), gte(a.seq, 0)));
      const seq = (last?.seq ?? -1) + 1;
      await tx
        .insert(a)
        .values({ callId: call.id, seq, sampleRate: 8_000, data: Buffer.from(pcm) });
      return;
    }
    const finished = and(eq(a.callId, call.id), eq(a.seq, -1));
    const [wav] = await tx.select({ data: a.data }).from(a).where(finished);
    if (!wav) {
      await tx
        .insert(a)
        .values({ callId: call.id, seq: -1, sampleRate: 8_000, data: encodeWav(pcm, 8_000) });
      return;
    }
    const joined = Buffer.concat([wavPcm(wav.data), pcm]);
    await tx
      .update(a)
      .set({ data: encodeWav(joined, 8_000) })
      .where(finished);
  });
}

/** The PCM of a WAV we wrote (encodeWav): the bytes of its `data` chunk. */
function wavPcm(wav: Buffer): Buffer {
  for (let at = 12; at + 8 <= wav.length;) {
    const size = wav.readUInt32LE(at + 4);
    if (wav.toString('latin1', at, at + 4) === 'data') return wav.subarray(at + 8, at + 8 + size);
    at += 8 + size + (size % 2);
  }
  return Buffer.alloc(0);
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
