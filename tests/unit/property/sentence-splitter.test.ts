// The sentence splitter keeps every letter and digit, in order, and hands the engine short,
// trimmed, one-line pieces that each have something to say.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitSentences } from '@/lib/adapters/speech-engine';
import { MAX_SENTENCE_CHARS } from '@/lib/adapters/speech-engine/split-sentences';

const speakable = (text: string) => text.match(/[\p{L}\p{N}]/gu)?.join('') ?? '';

const word = fc.string({
  unit: fc.constantFrom(...'abcdefghij0123456789éß'),
  minLength: 1,
  maxLength: 30,
});
const separator = fc.constantFrom(
  ' ',
  '  ',
  '. ',
  '! ',
  '? ',
  ', ',
  '; ',
  ': ',
  '\n',
  '\r\n',
  '...',
  ' 3.14 ',
  ' e.g. ',
  '\t',
);
// Runs of words and separators (long sentences included), or any text at all.
const prose = fc
  .array(fc.tuple(word, separator), { maxLength: 200 })
  .map((parts) => parts.flat().join(''));
const text = fc.oneof(prose, fc.string({ unit: 'grapheme', maxLength: 300 }));

describe('splitSentences', () => {
  it('keeps the letters and digits in order and yields short, clean pieces', () => {
    fc.assert(
      fc.property(text, (t) => {
        const pieces = splitSentences(t);
        expect(speakable(pieces.join(''))).toBe(speakable(t));
        for (const piece of pieces) {
          expect(piece.length).toBeLessThanOrEqual(MAX_SENTENCE_CHARS);
          expect(piece).toBe(piece.trim());
          expect(piece).not.toMatch(/[\r\n]|\s{2}/);
          expect(piece).toMatch(/[\p{L}\p{N}]/u);
        }
      }),
      { seed: 16, numRuns: 1500 },
    );
  });
});
