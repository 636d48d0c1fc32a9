import { FRAME_MS } from './mulaw';

export interface TurnDetectorOptions {
  /** Silence after speech that ends the callee's turn (the longest window). */
  silenceMs: number;
  /**
   * Silence after which the loop is told of a pause (a `pause` event) and may end the turn
   * sooner than `silenceMs` (see end-of-turn.ts); unset or equal: no pause events.
   */
  minSilenceMs?: number;
  /** RMS of a 16-bit frame above which it counts as voiced (~ -40 dBFS by default). */
  threshold?: number;
  /** Says which frames are speech; the RMS threshold unless given (Silero VAD: vad-voicing.ts). */
  voicing?: Voicing;
  /** Voiced frames in a row that start speech (one frame of noise is not a turn). */
  startFrames?: number;
  /** Audio kept from before speech started, so the recognizer hears the first syllable. */
  prerollMs?: number;
}

/** What the callee said so far in a turn: 8 kHz 16-bit PCM without trailing silence. */
export interface TurnAudio {
  audio: Buffer;
  startedAtMs: number;
  durationMs: number;
}

export type TurnEvent =
  | { kind: 'speech-start' }
  | ({ kind: 'pause'; silentMs: number } & TurnAudio)
  | ({ kind: 'turn-end' } & TurnAudio);

const rms = (frame: Int16Array) => {
  let sum = 0;
  for (const s of frame) sum += s * s;
  return Math.sqrt(sum / Math.max(1, frame.length));
};

/** Tells speech from silence, one 20 ms frame of 8 kHz PCM at a time. */
export interface Voicing {
  voiced(frame: Int16Array): boolean;
  /**
   * A detector that judges after the fact (the VAD's windows): how many of the latest frames,
   * this one included, were silent once it says speech is over. The turn's silence counts from
   * there, not from when the judgement arrived.
   */
  silentFrames?(): number;
}

/** End-of-turn detection as the loop uses it (a neural detector can stand in for this one). */
export interface TurnDetection {
  /** One inbound frame of 8 kHz PCM at its offset in the stream: speech start or turn end. */
  push(pcm: Int16Array, atMs: number): TurnEvent | null;
  /** The callee is talking now (a turn is open, maybe in a pause). */
  readonly inSpeech: boolean;
  /** Silence since the open turn's last speech (0 while voiced or with no turn open). */
  readonly silentMs: number;
  /**
   * Ends the open turn once its trailing silence reaches `ms` (at once if it already has);
   * returns the turn-end when that is now. Reset to the longest window when speech resumes.
   */
  endAfter(ms: number): Extract<TurnEvent, { kind: 'turn-end' }> | null;
}

/** Joins frames into one 16-bit little-endian PCM buffer. */
export function joinFrames(frames: Int16Array[]): Buffer {
  const samples = frames.reduce((n, f) => n + f.length, 0);
  const audio = Buffer.alloc(samples * 2);
  let offset = 0;
  for (const f of frames) {
    for (const s of f) offset = audio.writeInt16LE(s, offset);
  }
  return audio;
}

/**
 * End-of-turn detection over 20 ms frames: speech starts after `startFrames` voiced frames, a
 * pause is told at `minSilenceMs`, and the turn ends after `silenceMs` without one (or sooner,
 * as the loop says). Which frames are voiced: Silero VAD on real calls, energy otherwise.
 */
export class TurnDetector implements TurnDetection {
  private readonly voicing: Voicing;
  private readonly startFrames: number;
  private readonly silenceFrames: number;
  private readonly pauseFrames: number;
  /** Silent frames that end the open turn (the longest window unless the loop said sooner). */
  private endFrames: number;
  private readonly prerollFrames: number;
  private recent: { frame: Int16Array; atMs: number }[] = [];
  private turn: Int16Array[] = [];
  private turnStartMs = 0;
  private voicedRun = 0;
  private silentRun = 0;
  /** The open silence has been told as a pause. */
  private paused = false;
  private speaking = false;

  constructor(options: TurnDetectorOptions) {
    const threshold = options.threshold ?? 330;
    this.voicing = options.voicing ?? { voiced: (frame) => rms(frame) >= threshold };
    this.startFrames = options.startFrames ?? 2;
    this.silenceFrames = Math.max(1, Math.round(options.silenceMs / FRAME_MS));
    this.pauseFrames = Math.max(1, Math.round((options.minSilenceMs ?? Infinity) / FRAME_MS));
    this.endFrames = this.silenceFrames;
    this.prerollFrames = Math.round((options.prerollMs ?? 200) / FRAME_MS);
  }

  get inSpeech(): boolean {
    return this.speaking;
  }

  get silentMs(): number {
    return this.speaking ? this.silentRun * FRAME_MS : 0;
  }

  /** Feeds one frame received at `atMs` (stream time); says when speech starts or a turn ends. */
  push(frame: Int16Array, atMs: number): TurnEvent | null {
    const voiced = this.voicing.voiced(frame);
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
    if (voiced) {
      this.silentRun = 0;
      this.paused = false;
      this.endFrames = this.silenceFrames;
      return null;
    }
    const judgedLate = Math.min(this.voicing.silentFrames?.() ?? 0, this.turn.length - 1);
    this.silentRun = Math.max(this.silentRun + 1, judgedLate);
    if (this.silentRun >= this.endFrames) return this.finish();
    if (this.paused || this.silentRun < this.pauseFrames) return null;
    this.paused = true;
    return { kind: 'pause', silentMs: this.silentRun * FRAME_MS, ...this.spoken() };
  }

  endAfter(ms: number): Extract<TurnEvent, { kind: 'turn-end' }> | null {
    if (!this.speaking) return null;
    this.endFrames = Math.max(1, Math.round(ms / FRAME_MS));
    return this.silentRun >= this.endFrames ? this.finish() : null;
  }

  private spoken(): TurnAudio {
    // The trailing silence is not part of what was said.
    const spoken = this.turn.slice(0, this.turn.length - this.silentRun);
    const audio = joinFrames(spoken);
    return { audio, startedAtMs: this.turnStartMs, durationMs: Math.round(audio.length / 16) };
  }

  private finish(): Extract<TurnEvent, { kind: 'turn-end' }> {
    const turn = this.spoken();
    this.speaking = false;
    this.paused = false;
    this.voicedRun = 0;
    this.turn = [];
    this.endFrames = this.silenceFrames;
    return { kind: 'turn-end', ...turn };
  }
}
