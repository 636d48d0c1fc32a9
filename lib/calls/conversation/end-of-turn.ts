/** The silence window that ends a callee's turn: short after a finished turn, long otherwise. */
export interface EndOfTurnWindow {
  /** Silence that ends a turn whose words read as finished. */
  minMs: number;
  /** Silence that ends any turn, finished-looking or not. */
  maxMs: number;
}

export type TurnReading = 'finished' | 'unfinished' | 'unknown';

// Words a sentence does not end on: conjunctions, prepositions, articles, fillers, "to", and
// auxiliaries still waiting for their verb ("I'd like to", "it is", "can you").
const OPEN_ENDINGS = new Set(
  (
    'and or but so because if then than that which who whose where when while although though ' +
    'to of for with at by from in on into onto about like as the a an my your our their his her ' +
    'its this these those some any um uh er erm hmm well is are was were am be been being ' +
    "i'd i'm i'll i've we'd we're we'll you'd it's there's what's let's can could would should " +
    'will shall must might may do does did have has had not just also plus minus'
  ).split(' '),
);
// Digits and number words: a number being spelled or read out is rarely the end of a turn.
const NUMBER_WORDS = new Set(
  (
    'zero oh one two three four five six seven eight nine ten eleven twelve thirteen fourteen ' +
    'fifteen sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ' +
    'ninety hundred thousand double triple'
  ).split(' '),
);
// Short answers that are a whole turn on their own.
const SHORT_ANSWERS = new Set(
  (
    'yes no yeah yep yup nope nah sure okay ok right correct exactly absolutely definitely ' +
    'fine great perfect thanks goodbye bye hello hi hey'
  ).split(' '),
);

/**
 * How the latest transcript of a turn reads: finished (a full sentence, a question, a yes or
 * no), unfinished (trails off on "and", "I'd like to", a comma, digits being read out), or
 * unknown (no text yet, or nothing to go on).
 */
export function readTurn(transcript: string): TurnReading {
  const text = transcript.trim().toLowerCase();
  if (!text) return 'unknown';
  if (/(\.\.\.|…|[,;:\-–—])$/.test(text)) return 'unfinished';
  const words = text.replace(/[.!?"')\]]+$/, '').match(/[\p{L}\p{N}']+/gu) ?? [];
  const last = words.at(-1);
  if (!last) return 'unknown';
  if (/\d$/.test(last) || NUMBER_WORDS.has(last)) {
    // "My number is 415 555 0123." still trails off into more digits more often than not.
    return words.length <= 2 && /[.!?]$/.test(text) ? 'finished' : 'unfinished';
  }
  if (OPEN_ENDINGS.has(last)) return 'unfinished';
  if (/[.!?]$/.test(text)) return 'finished';
  if (words.length <= 3 && words.every((w) => SHORT_ANSWERS.has(w))) return 'finished';
  return 'unknown';
}

/**
 * Silence (ms) that ends the turn given its latest transcript: the short window when it reads
 * finished, the long one when it reads unfinished or no words are in yet (the recognizer is
 * behind: nothing says the callee is done), and halfway when the words say neither.
 */
export function endOfTurnSilenceMs(transcript: string, window: EndOfTurnWindow): number {
  if (!transcript.trim()) return window.maxMs;
  const reading = readTurn(transcript);
  if (reading === 'finished') return window.minMs;
  if (reading === 'unfinished') return window.maxMs;
  return Math.round((window.minMs + window.maxMs) / 2);
}
