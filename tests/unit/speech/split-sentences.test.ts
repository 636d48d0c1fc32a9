import { describe, expect, it } from 'vitest';
import { splitSentences } from '@/lib/adapters/speech-engine';
import { MAX_SENTENCE_CHARS } from '@/lib/adapters/speech-engine/split-sentences';

describe('splitSentences', () => {
  it('splits at . ! ? and newlines, trimming each sentence', () => {
    expect(
      splitSentences('Hello there.  How are you? Great!\nNew line without stop\n\nLast one'),
    ).toEqual(['Hello there.', 'How are you?', 'Great!', 'New line without stop', 'Last one']);
  });

  it('keeps decimals and lowercase continuations together', () => {
    expect(splitSentences('It costs 3.14 dollars, e.g. today. Fine.')).toEqual([
      'It costs 3.14 dollars, e.g. today.',
      'Fine.',
    ]);
  });

  it('yields nothing for text with no letter or digit, and drops unspeakable pieces', () => {
    expect(splitSentences('')).toEqual([]);
    expect(splitSentences('  ... !!! \n\n ?? ')).toEqual([]);
    expect(splitSentences('Hi.\n...\nBye.')).toEqual(['Hi.', 'Bye.']);
  });

  it('cuts an overlong sentence at clause or word boundaries without losing words', () => {
    const long = Array.from({ length: 120 }, (_, i) => `word${i}`).join(' ') + ', and a tail.';
    const pieces = splitSentences(long);
    expect(pieces.length).toBeGreaterThan(1);
    for (const piece of pieces) expect(piece.length).toBeLessThanOrEqual(MAX_SENTENCE_CHARS);
    expect(pieces.join(' ')).toBe(long);
  });
});
