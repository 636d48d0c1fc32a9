import { describe, expect, it } from 'vitest';
import { answerLatency, framesBetween, lastVoicedAt } from '@/bench/turn-latency';

// The "p95 140 s" under load: the bench's answer wait fails the run after 60 s, so no
// turn waited that long; the figure was the bench's own uptime. The previous reply's tail came
// in after the callee's turn began but before its first frame was sent (synthesizing the
// callee's words takes a while on a busy machine), so the turn was "answered" by it and timed
// from an utterance whose send time was still -1.
describe('reading a benchmarked turn', () => {
  const trailingMs = 100;

  it('does not take the previous reply tail as the answer of a turn not yet said', () => {
    const uptime = 140_000;
    const tail = [{ at: uptime }];
    const notYetSent = { first: -1, last: -1 };
    // The old reading: first frame after the turn began minus (last - trailing) = uptime + 101.
    expect(tail[0]!.at - (notYetSent.last - trailingMs)).toBeGreaterThan(uptime);
    expect(answerLatency(tail, notYetSent, trailingMs)).toBeNull();
  });

  it('times the answer from the last voiced frame, past any tail heard while the callee spoke', () => {
    const utterance = { first: 1_000, last: 2_100 };
    const media = [{ at: 1_050 }, { at: 1_070 }, { at: 2_380 }, { at: 2_400 }];
    expect(lastVoicedAt(utterance, trailingMs)).toBe(2_000);
    expect(answerLatency(media, utterance, trailingMs)).toBe(380);
  });

  it('has no answer until one comes after the turn', () => {
    expect(answerLatency([{ at: 1_050 }], { first: 1_000, last: 2_100 }, trailingMs)).toBeNull();
  });

  it('counts only frames inside the pause as a cut', () => {
    const media = [{ at: 900 }, { at: 1_200 }, { at: 1_700 }];
    expect(framesBetween(media, 1_000, 1_600)).toBe(1);
  });
});
