// How bench/voice-call.ts reads one callee turn off the frames the callee received. Kept apart
// (and unit-tested) because a wrong reading once looked like a stuck turn: an answer matched to
// a turn whose utterance had not been sent yet gave "latencies" equal to the bench's uptime.

export interface SentUtterance {
  /** When the utterance's first and last frames were sent (performance.now); -1 until sent. */
  first: number;
  last: number;
}

/** When the utterance's last voiced frame was sent; null while it has not been sent whole. */
export function lastVoicedAt(utterance: SentUtterance, trailingMs: number): number | null {
  if (utterance.first < 0 || utterance.last < 0) return null;
  return utterance.last - trailingMs;
}

/**
 * Last voiced frame of the callee's turn → the agent's first frame after it; null while there is
 * none (or the turn has not been said yet). Agent frames from before that instant are the
 * previous reply's tail or talk over the callee, never this turn's answer.
 */
export function answerLatency(
  media: readonly { at: number }[],
  utterance: SentUtterance,
  trailingMs: number,
): number | null {
  const voicedAt = lastVoicedAt(utterance, trailingMs);
  if (voicedAt === null) return null;
  const answer = media.find((frame) => frame.at > voicedAt);
  return answer ? answer.at - voicedAt : null;
}

/** Agent frames that arrived in `[from, to)`: inside a callee's pause, a false cut. */
export function framesBetween(media: readonly { at: number }[], from: number, to: number): number {
  return media.filter((frame) => frame.at >= from && frame.at < to).length;
}

/**
 * When the agent's next run of audio began after `after`: the first frame later than `after`
 * that follows a silence of more than `gapMs` (a tool turn's reply after its filler); null while
 * there is none.
 */
export function nextRunAt(
  media: readonly { at: number }[],
  after: number,
  gapMs: number,
): number | null {
  for (let i = 1; i < media.length; i++) {
    const frame = media[i]!;
    if (frame.at > after && frame.at - media[i - 1]!.at > gapMs) return frame.at;
  }
  return null;
}
