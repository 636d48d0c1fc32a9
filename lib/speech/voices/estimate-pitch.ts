import { YIN } from 'pitchfinder';

/** 40 ms frames: a few periods of the lowest voice (60 Hz) fit in half a frame, as YIN needs. */
const FRAME_SECONDS = 0.04;
/** At most this many frames are examined per sample, spread evenly, so a 60 s sample stays cheap. */
const MAX_FRAMES = 400;
const MIN_HZ = 60;
const MAX_HZ = 500;

export interface PitchEstimate {
  /** Median fundamental frequency of the voiced frames, or null when none was voiced. */
  medianHz: number | null;
  /** Every voiced frame's estimate, in time order (for pooling several samples). */
  frames: number[];
}

/**
 * Fundamental pitch of mono audio (floats in −1…1) with the YIN estimator of `pitchfinder`,
 * on frames loud enough to be speech (quiet frames and unvoiced consonants are skipped).
 */
export function estimatePitch(samples: Float32Array, sampleRate: number): PitchEstimate {
  const frame = Math.round(sampleRate * FRAME_SECONDS);
  const count = Math.floor(samples.length / frame);
  if (count === 0) return { medianHz: null, frames: [] };
  const rms = (start: number) => {
    let sum = 0;
    for (let i = start; i < start + frame; i++) sum += (samples[i] ?? 0) ** 2;
    return Math.sqrt(sum / frame);
  };
  const step = Math.max(1, Math.ceil(count / MAX_FRAMES));
  const loudness: { start: number; rms: number }[] = [];
  for (let index = 0; index < count; index += step) {
    const start = index * frame;
    loudness.push({ start, rms: rms(start) });
  }
  const loudest = Math.max(...loudness.map((f) => f.rms));
  const gate = Math.max(0.005, loudest * 0.1);
  const detect = YIN({ sampleRate, threshold: 0.15 });
  const frames: number[] = [];
  for (const { start, rms: level } of loudness) {
    if (level < gate) continue;
    const hz = detect(samples.subarray(start, start + frame));
    if (hz !== null && hz >= MIN_HZ && hz <= MAX_HZ) frames.push(hz);
  }
  return { medianHz: median(frames), frames };
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
