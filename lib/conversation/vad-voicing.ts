import { WINDOW_SAMPLES, type SileroVad, type VadStream } from '../vad/silero-vad';
import type { Voicing } from './turn-detector';

/** Probability above which a window is speech, and below which speech has stopped. */
const SPEECH_ON = 0.5;
const SPEECH_OFF = 0.35;
/** Windows quieter than this (RMS of 16-bit samples, ≈ −56 dBFS) are silence without asking. */
const FLOOR_RMS = 50;

/**
 * Voicing from Silero VAD: inbound frames are gathered into 32 ms windows, each judged by the
 * model off the frame path (inference is asynchronous); a frame is voiced by the latest
 * judgement, with hysteresis so one uncertain window does not split a word. Line silence (the
 * carrier's digital quiet between words) is not sent to the model at all.
 */
export class VadVoicing implements Voicing {
  private readonly stream: VadStream;
  private readonly window = new Float32Array(WINDOW_SAMPLES);
  private filled = 0;
  private speech = false;
  private work: Promise<void> = Promise.resolve();

  constructor(vad: SileroVad) {
    this.stream = vad.stream();
  }

  voiced(frame: Int16Array): boolean {
    for (const sample of frame) {
      this.window[this.filled++] = sample / 32768;
      if (this.filled === WINDOW_SAMPLES) this.judge();
    }
    return this.speech;
  }

  private judge(): void {
    const window = this.window.slice();
    this.filled = 0;
    let sum = 0;
    for (const s of window) sum += s * s;
    if (Math.sqrt(sum / window.length) * 32768 < FLOOR_RMS) {
      this.speech = false;
      return;
    }
    this.work = this.work
      .then(() => this.stream.probability(window))
      .then((p) => {
        this.speech = this.speech ? p >= SPEECH_OFF : p >= SPEECH_ON;
      })
      .catch(() => undefined);
  }

  /** Resolves once every window handed over so far has been judged (for tests). */
  settled(): Promise<void> {
    return this.work;
  }
}
