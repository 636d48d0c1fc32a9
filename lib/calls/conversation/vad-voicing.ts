import { WINDOW_SAMPLES, type VadStream } from '../../adapters/vad/silero-vad';
import type { Voicing } from './turn-detector';

/** Samples in one 20 ms frame at 8 kHz. */
const FRAME_SAMPLES = 160;
/** Probability above which a window is speech, and below which speech has stopped. */
const SPEECH_ON = 0.5;
const SPEECH_OFF = 0.35;
/** Windows quieter than this (RMS of 16-bit samples, ≈ −56 dBFS) are silence without asking. */
const FLOOR_RMS = 50;
/** A frame this loud (the energy detector's threshold) may start speech before the model judges. */
const LOUD_RMS = 330;

const rms = (samples: ArrayLike<number>, scale = 1) => {
  let sum = 0;
  for (let i = 0; i < samples.length; i++) sum += (samples[i]! * scale) ** 2;
  return Math.sqrt(sum / Math.max(1, samples.length));
};

/**
 * Voicing from Silero VAD: inbound frames are gathered into 32 ms windows, each judged by the
 * model off the frame path (inference is asynchronous); a frame is voiced by the latest
 * judgement, with hysteresis so one uncertain window does not split a word. Line silence (the
 * carrier's digital quiet between words) is not sent to the model at all. A loud frame counts
 * as speech until the model has judged its window, so barge-in is as quick as the energy
 * detector's; from then on the model's word stands (a loud noise does not hold a turn open).
 */
export class VadVoicing implements Voicing {
  private readonly stream: Pick<VadStream, 'probability'>;
  private readonly window = new Float32Array(WINDOW_SAMPLES);
  private filled = 0;
  private speech = false;
  private work: Promise<void> = Promise.resolve();
  /** Windows handed over, and judged. */
  private queued = 0;
  private judged = 0;
  /** The window in which the current run of loud frames began. */
  private loudFrom: number | null = null;
  /** Samples handed over so far, and the first sample of the window judged to end the speech. */
  private samples = 0;
  private silenceFrom: number | null = null;
  /** Samples handed over up to the last frame told voiced for its loudness (sound, for sure). */
  private loudUntil = 0;

  constructor(vad: { stream(): Pick<VadStream, 'probability'> }) {
    this.stream = vad.stream();
  }

  voiced(frame: Int16Array): boolean {
    const loud = rms(frame) >= LOUD_RMS;
    if (loud) this.loudFrom ??= this.queued;
    else this.loudFrom = null;
    for (const sample of frame) {
      this.window[this.filled++] = sample / 32768;
      this.samples++;
      if (this.filled === WINDOW_SAMPLES) this.judge();
    }
    // A loud frame whose window the model has not judged yet is speech, whatever the latest
    // judgement (of an earlier window) says, and is never counted back as silence: when frames
    // come in a late burst and the model is behind, the latest judgement is older audio's.
    const loudSpeech = this.loudFrom !== null && this.judged <= this.loudFrom;
    if (loudSpeech) {
      this.silenceFrom = null;
      this.loudUntil = this.samples;
    }
    return this.speech || loudSpeech;
  }

  /**
   * Frames handed over since the window whose judgement ended the speech began (0 while speech
   * goes on): those frames were told `voiced` while that window filled and waited for the model.
   */
  silentFrames(): number {
    if (this.speech || this.silenceFrom === null) return 0;
    const from = Math.max(this.silenceFrom, this.loudUntil);
    return Math.floor((this.samples - from) / FRAME_SAMPLES);
  }

  private judge(): void {
    const window = this.window.slice();
    const startsAt = this.samples - WINDOW_SAMPLES;
    this.filled = 0;
    this.queued++;
    // In order with the windows before it, so a late judgement never overrides a later one.
    const quiet = rms(window, 32768) < FLOOR_RMS;
    this.work = this.work
      .then(() => (quiet ? 0 : this.stream.probability(window)))
      .then((p) => {
        const was = this.speech;
        this.speech = was ? p >= SPEECH_OFF : p >= SPEECH_ON;
        if (was && !this.speech) this.silenceFrom = startsAt;
      })
      .catch(() => undefined)
      .finally(() => this.judged++);
  }

  /** Resolves once every window handed over so far has been judged (for tests). */
  settled(): Promise<void> {
    return this.work;
  }
}
