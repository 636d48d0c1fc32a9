import { describe, expect, it } from 'vitest';
import { answerLatency, framesBetween, lastVoicedAt, nextRunAt } from '@/bench/turn-latency';

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

  it("finds a tool turn's reply as the run after the filler's silence, not inside the filler", () => {
    const filler = [1_000, 1_020, 1_040, 1_060];
    const reply = [1_600, 1_620];
    const media = [...filler, ...reply].map((at) => ({ at }));
    expect(nextRunAt(media, 1_000, 100)).toBe(1_600);
    expect(nextRunAt(media.slice(0, 4), 1_000, 100)).toBeNull();
    // A run that began before `after` is not the one asked for.
    expect(nextRunAt(media, 1_700, 100)).toBeNull();
  });
});
