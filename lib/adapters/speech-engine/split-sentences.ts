// ICU's sentence rules (UAX #29) break after . ! ? and after newlines, and keep "3.14" or
// "e.g. this" together, which a regular expression would not.
const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

/** Longer sentences are cut at clause or word boundaries so one job never holds a worker long. */
export const MAX_SENTENCE_CHARS = 400;

const SPEAKABLE = /[\p{L}\p{N}]/u;

/** The text's sentences, trimmed; pieces with no letter or digit (e.g. "...") are dropped. */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  for (const { segment } of segmenter.segment(text)) {
    for (const line of segment.split(/[\r\n]+/)) {
      const trimmed = line.replace(/\s+/g, ' ').trim();
      if (!SPEAKABLE.test(trimmed)) continue;
      sentences.push(...cutLong(trimmed));
    }
  }
  return sentences;
}

function cutLong(sentence: string): string[] {
  const pieces: string[] = [];
  let rest = sentence;
  while (rest.length > MAX_SENTENCE_CHARS) {
    const window = rest.slice(0, MAX_SENTENCE_CHARS);
    const clause = Math.max(
      window.lastIndexOf(', '),
      window.lastIndexOf('; '),
      window.lastIndexOf(': '),
    );
    const space = window.lastIndexOf(' ');
    const cut =
      clause > MAX_SENTENCE_CHARS / 2 ? clause + 1 : space > 0 ? space : MAX_SENTENCE_CHARS;
    const piece = rest.slice(0, cut).trim();
    if (SPEAKABLE.test(piece)) pieces.push(piece);
    rest = rest.slice(cut).trim();
  }
  if (SPEAKABLE.test(rest)) pieces.push(rest);
  return pieces;
}
