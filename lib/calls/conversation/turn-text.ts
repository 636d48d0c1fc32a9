import type { SpeechRecognizer } from '../../adapters/recognizers/speech-recognizer';
import type { TurnAudio } from './turn-detector';

/** What the callee said in a turn, as the loop asks for it: so far (at a pause), and final. */
export interface TurnText {
  /** One inbound frame as received (μ-law), and whether a turn is open. */
  audio(mulaw: Buffer, inTurn: boolean): void;
  /** The transcript of the turn up to a pause, to judge whether it reads finished. */
  soFar(turn: TurnAudio): Promise<string>;
  /** The transcript of the ended turn. */
  final(turn: TurnAudio): Promise<string>;
  /** The call is over: let go of any connection. */
  close(): void;
}

/**
 * Whole-turn recognition: the audio so far is transcribed at a pause, and when the turn ends
 * with no more speech after it, that text is the final one (one request, not two).
 */
export class WholeTurnText implements TurnText {
  private last: { startedAtMs: number; bytes: number; text: Promise<string> } | null = null;

  constructor(
    private readonly recognizer: SpeechRecognizer,
    private readonly language: string | null,
    /** Terms the callee may say (the call's keywords). */
    private readonly keywords?: string[],
  ) {}

  private transcribe(turn: TurnAudio): Promise<string> {
    const { last } = this;
    if (last && last.startedAtMs === turn.startedAtMs && last.bytes === turn.audio.length) {
      return last.text;
    }
    const text = this.recognizer.transcribe(turn.audio, {
      language: this.language,
      keywords: this.keywords,
    });
    const entry = { startedAtMs: turn.startedAtMs, bytes: turn.audio.length, text };
    // A failed guess at a pause is not the call's failure: forgotten, so the final asks again.
    text.catch(() => {
      if (this.last === entry) this.last = null;
    });
    this.last = entry;
    return text;
  }

  audio(): void {}

  soFar(turn: TurnAudio): Promise<string> {
    return this.transcribe(turn).catch(() => '');
  }

  final(turn: TurnAudio): Promise<string> {
    const text = this.transcribe(turn);
    this.last = null;
    return text;
  }

  close(): void {
    this.last = null;
  }
}
