import type { Executor } from '../../adapters/db';
import type { LineTurn } from '../../adapters/telephony';
import { getTranscripts } from '../get-call';
import type { DtmfFrame } from './twilio-frames';

/**
 * A key the far end pressed (a `dtmf` frame of the inbound track): its transcript line, which
 * the model reads as what the other side did. Null for anything else (our own digits echoed).
 */
export function keyPressLine(frame: DtmfFrame): string | null {
  if (frame.dtmf.track && frame.dtmf.track !== 'inbound_track') return null;
  return /^[0-9*#A-D]$/.test(frame.dtmf.digit)
    ? `pressed ${frame.dtmf.digit} (on their keypad)`
    : null;
}

/**
 * Where a call's conversation stands when its media stream opens again (press_digits updated the
 * call to play keys, then reconnect): the lines so far, the next position, and how far into the
 * call the last line ended. Null for a call's first stream.
 */
export async function resumePoint(
  db: Executor,
  callId: string,
): Promise<{ turns: LineTurn[]; seq: number; offsetMs: number } | null> {
  const lines = await getTranscripts(db, callId);
  if (lines.length === 0) return null;
  return {
    turns: lines.map((line) => ({ user: line.user, text: line.text })),
    seq: Math.max(...lines.map((line) => line.seq)) + 1,
    offsetMs: Math.max(...lines.map((line) => line.startMs + line.durationMs)),
  };
}
