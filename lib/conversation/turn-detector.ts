import { FRAME_MS } from './mulaw';

export interface TurnDetectorOptions {
  /** Silence after speech that ends the callee's turn. */
  silenceMs: number;
  /** RMS of a 16-bit frame above which it counts as voiced (~ -40 dBFS by default). */
  threshold?: number;
  /** Voiced frames in a row that start speech (one frame of noise is not a turn). */
  startFrames?: number;
  /** Audio kept from before speech started, so the recognizer hears the first syllable. */
  prerollMs?: number;
}

export type TurnEvent =
  | { kind: 'speech-start' }
  | { kind: 'turn-end'; audio: Buffer; startedAtMs: number; durationMs: number };

const rms = (frame: Int16Array) => {
  let sum = 0;
  for (const s of frame) sum += s * s;
  return Math.sqrt(sum / Math.max(1, frame.length));
};

/**
 * Energy-based voice activity and end-of-turn detection over 20 ms frames: speech starts after
 * `startFrames` voiced frames, and the turn ends after `silenceMs` without one. Phone audio is
 * narrowband and gated by the carrier, so energy separates speech from line silence well.
 */
/** End-of-turn detection as the loop uses it (a neural detector can stand in for this one). */
export interface TurnDetection {
  /** One inbound frame of 8 kHz PCM at its offset in the stream: speech start or turn end. */
  push(pcm: Int16Array, atMs: number): TurnEvent | null;
  /** The callee is talking now. */
  readonly inSpeech: boolean;
}

export class TurnDetector implements TurnDetection {
  private readonly threshold: number;
  private readonly startFrames: number;
  private readonly silenceFrames: number;
  private readonly prerollFrames: number;
  private recent: { frame: Int16Array; atMs: number }[] = [];
  private turn: Int16Array[] = [];
  private turnStartMs = 0;
  private voicedRun = 0;
  private silentRun = 0;
  private speaking = false;

  constructor(options: TurnDetectorOptions) {
    this.threshold = options.threshold ?? 330;
    this.startFrames = options.startFrames ?? 2;
    this.silenceFrames = Math.max(1, Math.round(options.silenceMs / FRAME_MS));
    this.prerollFrames = Math.round((options.prerollMs ?? 200) / FRAME_MS);
  }

  get inSpeech(): boolean {
    return this.speaking;
  }

  /** Feeds one frame received at `atMs` (stream time); says when speech starts or a turn ends. */
  push(frame: Int16Array, atMs: number): TurnEvent | null {
    const voiced = rms(frame) >= this.threshold;
    if (!this.speaking) {
      this.recent.push({ frame, atMs });
      if (this.recent.length > this.prerollFrames + this.startFrames) this.recent.shift();
      this.voicedRun = voiced ? this.voicedRun + 1 : 0;
      if (this.voicedRun < this.startFrames) return null;
      this.speaking = true;
      this.silentRun = 0;
      this.turn = this.recent.map((r) => r.frame);
      this.turnStartMs = this.recent[0]!.atMs;
      this.recent = [];
      return { kind: 'speech-start' };
    }
    this.turn.push(frame);
    this.silentRun = voiced ? 0 : this.silentRun + 1;
    if (this.silentRun < this.silenceFrames) return null;
    this.speaking = false;
    this.voicedRun = 0;
    // The trailing silence is not part of what was said.
    const spoken = this.turn.slice(0, this.turn.length - this.silentRun);
    this.turn = [];
    const samples = spoken.reduce((n, f) => n + f.length, 0);
    const audio = Buffer.alloc(samples * 2);
    let offset = 0;
    for (const f of spoken) {
      for (const s of f) offset = audio.writeInt16LE(s, offset);
    }
    return {
      kind: 'turn-end',
      audio,
      startedAtMs: this.turnStartMs,
      durationMs: Math.round(samples / 8),
    };
  }
}
