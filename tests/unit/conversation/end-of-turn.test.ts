import { describe, expect, it } from 'vitest';
import { endOfTurnSilenceMs, readTurn } from '@/lib/calls/conversation/end-of-turn';
import { TurnDetector, type TurnEvent } from '@/lib/calls/conversation/turn-detector';

const window = { minMs: 200, maxMs: 600 };

describe('the end-of-turn rule', () => {
  it.each([
    // A finished turn: the short window.
    ['Yes, Tuesday works for me.', 'finished', 200],
    ['Could you call me back tomorrow?', 'finished', 200],
    ['yes', 'finished', 200],
    ['No thanks', 'finished', 200],
    ['Okay!', 'finished', 200],
    ['My name is Maria Lopez.', 'finished', 200],
    ['Twelve.', 'finished', 200],
    // Trailing off: the long window.
    ['I would like to book it and', 'unfinished', 600],
    ["I'd like to", 'unfinished', 600],
    ['Well, um', 'unfinished', 600],
    ['The best day for me is', 'unfinished', 600],
    ['Let me think...', 'unfinished', 600],
    ['So basically,', 'unfinished', 600],
    ['My number is 415 555', 'unfinished', 600],
    ['my number is four one five', 'unfinished', 600],
    ['It is 415 555 0123.', 'unfinished', 600],
    // No words yet: the long window; words that say neither: halfway.
    ['', 'unknown', 600],
    ['Tuesday afternoon works', 'unknown', 400],
  ] as const)('%j reads %s: %i ms of silence end it', (text, reading, ms) => {
    expect(readTurn(text)).toBe(reading);
    expect(endOfTurnSilenceMs(text, window)).toBe(ms);
  });

  it('keeps a fixed window when min and max are equal (the default)', () => {
    for (const text of ['Yes.', 'and', ''])
      expect(endOfTurnSilenceMs(text, { minMs: 500, maxMs: 500 })).toBe(500);
  });
});

const frame = (amplitude: number) =>
  Int16Array.from({ length: 160 }, (_, i) => Math.round(amplitude * Math.sin(i / 3)));

describe('turn detection with a pause', () => {
  const feed = (detector: TurnDetector, amplitudes: number[], from = 0) =>
    amplitudes
      .map((a, i) => detector.push(frame(a), from + i * 20))
      .filter((e): e is TurnEvent => e !== null);
  const speech = (n: number) => Array<number>(n).fill(8000);
  const silence = (n: number) => Array<number>(n).fill(0);

  it('tells of a pause at the short window and ends the turn when the loop says so', () => {
    const detector = new TurnDetector({ silenceMs: 600, minSilenceMs: 200 });
    const events = feed(detector, [...speech(20), ...silence(10)]);
    expect(events.map((e) => e.kind)).toEqual(['speech-start', 'pause']);
    expect(events[1]).toMatchObject({ silentMs: 200, durationMs: 20 * 20 });
    expect(detector.silentMs).toBe(200);
    expect(detector.endAfter(200)).toMatchObject({ kind: 'turn-end', durationMs: 400 });
    expect(detector.inSpeech).toBe(false);
  });

  it('ends at the long window when the loop does not shorten it, and resets it on new speech', () => {
    const detector = new TurnDetector({ silenceMs: 600, minSilenceMs: 200 });
    const first = feed(detector, [...speech(10), ...silence(12)]);
    expect(first.map((e) => e.kind)).toEqual(['speech-start', 'pause']);
    // The loop asked for 400 ms; the callee speaks again at 240 ms, so 400 no longer holds.
    expect(detector.endAfter(400)).toBeNull();
    const second = feed(detector, [...speech(10), ...silence(29)], 440);
    expect(second.map((e) => e.kind)).toEqual(['pause']);
    expect(feed(detector, silence(1), 1220)).toMatchObject([{ kind: 'turn-end' }]);
  });
});
