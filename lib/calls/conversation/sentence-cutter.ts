import { splitSentences } from '../../adapters/speech-engine/split-sentences';

const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

/**
 * Cuts a reply into sentences as its pieces arrive, so the first sentence is spoken while the
 * rest is still being written. A sentence is complete once another one has begun after it.
 */
export class SentenceCutter {
  private text = '';

  push(piece: string): string[] {
    this.text += piece;
    const segments = [...segmenter.segment(this.text)];
    if (segments.length < 2) return [];
    const last = segments.at(-1)!;
    const done = this.text.slice(0, last.index);
    this.text = this.text.slice(last.index);
    return splitSentences(done);
  }

  /** The rest, at the end of the reply. */
  flush(): string[] {
    const rest = splitSentences(this.text);
    this.text = '';
    return rest;
  }
}
