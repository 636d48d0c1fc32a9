import type { Clock } from '../../platform/runtime/clock';
import type { SpeechRecognizer } from '../../adapters/recognizers/speech-recognizer';
import type {
  RecognizerStream,
  StreamingRecognizer,
  StreamTranscript,
} from '../../adapters/recognizers/streaming-recognizer';
import type { TurnAudio } from './turn-detector';
import { WholeTurnText, type TurnText } from './turn-text';

/** How long the loop waits for the stream's final once the turn is over, before asking whole. */
export const FINAL_WAIT_MS = 1_500;

export interface StreamingTurnTextDeps {
  streaming: StreamingRecognizer;
  /** The whole-turn recognizer: for turns the stream missed, and after it failed twice. */
  recognizer: SpeechRecognizer;
  clock: Clock;
  language: string | null;
  /** Terms the callee may say (the call's keywords). */
  keywords?: string[];
  log(message: string): void;
}

/**
 * Streaming recognition for one call: every inbound frame goes to the recognizer as it comes,
 * so at a pause the words are already there and the final follows the turn's end closely. The
 * stream lost → one reconnect; lost again → whole-turn recognition for the rest of the call. A
 * turn the stream did not hear whole (connecting, reconnecting, no final in time) is recognized
 * from its audio instead: a call never waits on a dead stream.
 */
export class StreamingTurnText implements TurnText {
  private stream: RecognizerStream | null = null;
  private finals: string[] = [];
  private partial = '';
  private onFlushed: (() => void) | null = null;
  /** Audio of the open turn never reached the stream. */
  private missed = false;
  private inTurn = false;
  private reconnects = 0;
  /**
   * Finalizes given up on (no answer in time) whose answers are still due on this stream: what
   * comes before each answer is the audio of a turn already over, never the next turn's words.
   */
  private abandoned = 0;
  private fallback: WholeTurnText | null = null;
  private closed = false;

  constructor(private readonly deps: StreamingTurnTextDeps) {
    this.connect();
  }

  /** Which recognizer serves now. */
  get mode(): 'streaming' | 'whole-turn' {
    return this.fallback ? 'whole-turn' : 'streaming';
  }

  private connect(): void {
    const handlers = {
      transcript: (result: StreamTranscript) => this.onTranscript(result),
      lost: (reason: string) => this.onLost(reason),
    };
    const { language, keywords } = this.deps;
    this.deps.streaming.open({ language, keywords }, handlers).then(
      (stream) => {
        if (this.closed || this.fallback) stream.close();
        else this.stream = stream;
      },
      (error: unknown) => this.onLost(`could not connect: ${(error as Error).message}`),
    );
  }

  private onLost(reason: string): void {
    this.stream = null;
    this.abandoned = 0;
    if (this.inTurn) this.missed = true;
    if (this.closed || this.fallback) return;
    if (this.reconnects++ === 0) {
      this.deps.log(`streaming recognizer lost (${reason}); reconnecting`);
      return this.connect();
    }
    this.deps.log(
      `streaming recognizer lost again (${reason}); whole turns for the rest of the call`,
    );
    this.fallback = new WholeTurnText(this.deps.recognizer, this.deps.language, this.deps.keywords);
    // A turn waiting on its final finishes from its audio.
    this.onFlushed?.();
  }

  private onTranscript(result: StreamTranscript): void {
    if (this.abandoned > 0) {
      if (result.flushed) this.abandoned--;
      return;
    }
    if (result.final) {
      if (result.text) this.finals.push(result.text);
      this.partial = '';
    } else {
      this.partial = result.text;
    }
    if (result.flushed) this.onFlushed?.();
  }

  private heard(): string {
    return [...this.finals, this.partial].filter(Boolean).join(' ').trim();
  }

  audio(mulaw: Buffer, inTurn: boolean): void {
    this.inTurn = inTurn;
    if (this.stream) this.stream.send(mulaw);
    else if (inTurn && !this.fallback) this.missed = true;
  }

  soFar(turn: TurnAudio): Promise<string> {
    if (this.fallback) return this.fallback.soFar(turn);
    return Promise.resolve(this.heard());
  }

  async final(turn: TurnAudio): Promise<string> {
    if (this.fallback) return this.fallback.final(turn);
    const stream = this.stream;
    let text: string | null = null;
    if (stream && !this.missed) {
      const timer = new AbortController();
      const flushed = new Promise<boolean>((resolve) => (this.onFlushed = () => resolve(true)));
      const late = this.deps.clock.sleep(FINAL_WAIT_MS, timer.signal).then(() => false);
      stream.finalize();
      const inTime = await Promise.race([flushed, late]);
      timer.abort();
      this.onFlushed = null;
      if (inTime && this.stream && !this.missed) text = this.heard();
      else this.deps.log('no final from the streaming recognizer in time; this turn whole');
      if (!inTime && this.stream === stream) this.abandoned++;
    }
    this.finals = [];
    this.partial = '';
    this.missed = false;
    if (text !== null) return text;
    // (Read again: the stream may have failed for good while this turn waited.)
    const fallback = this.fallbackNow();
    if (fallback) return fallback.final(turn);
    const { language, keywords } = this.deps;
    return this.deps.recognizer.transcribe(turn.audio, { language, keywords });
  }

  private fallbackNow(): WholeTurnText | null {
    return this.fallback;
  }

  close(): void {
    this.closed = true;
    this.stream?.close();
    this.stream = null;
  }
}
