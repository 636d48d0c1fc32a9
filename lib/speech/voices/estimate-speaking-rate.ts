/** 10 ms envelope frames, smoothed over 30 ms: syllables are 100–300 ms long. */
const HOP_SECONDS = 0.01;
const SMOOTH_FRAMES = 1;
/** A syllable ends when the envelope falls to this share of its peak, and the next rises past it again. */
const DIP = 0.7;
/** Fewer syllables than this (or under 2 s of speech) is too little to tell a speaking rate. */
const MIN_SYLLABLES = 8;
const MIN_SPEECH_SECONDS = 2;

export interface SpeakingRate {
  /** Syllable nuclei per second of speech, or null when the audio does not tell (a tone, too short). */
  syllablesPerSecond: number | null;
  syllables: number;
  speechSeconds: number;
}

/**
 * Speaking rate of mono audio by counting syllable nuclei: peaks of the loudness envelope
 * separated by dips (hysteresis), over the time the envelope is above a speech threshold.
 */
export function estimateSpeakingRate(samples: Float32Array, sampleRate: number): SpeakingRate {
  const hop = Math.max(1, Math.round(sampleRate * HOP_SECONDS));
  const envelope: number[] = [];
  for (let start = 0; start + hop <= samples.length; start += hop) {
    let sum = 0;
    for (let i = start; i < start + hop; i++) sum += (samples[i] ?? 0) ** 2;
    envelope.push(Math.sqrt(sum / hop));
  }
  const smooth = envelope.map((_, i) => {
    let sum = 0;
    let n = 0;
    for (let j = i - SMOOTH_FRAMES; j <= i + SMOOTH_FRAMES; j++) {
      if (j >= 0 && j < envelope.length) {
        sum += envelope[j]!;
        n += 1;
      }
    }
    return sum / n;
  });
  const loudest = smooth.reduce((a, b) => Math.max(a, b), 0);
  const gate = Math.max(0.005, loudest * 0.1);
  let syllables = 0;
  let speechFrames = 0;
  let rising = true;
  let peak = 0;
  let trough = Infinity;
  for (const level of smooth) {
    if (level >= gate) speechFrames += 1;
    if (rising) {
      peak = Math.max(peak, level);
      if (peak >= gate && level < peak * DIP) {
        syllables += 1;
        rising = false;
        trough = level;
      }
    } else {
      trough = Math.min(trough, level);
      if (level >= gate && level * DIP > trough) {
        rising = true;
        peak = level;
      }
    }
  }
  if (rising && peak >= gate) syllables += 1;
  const speechSeconds = speechFrames * HOP_SECONDS;
  const syllablesPerSecond =
    syllables >= MIN_SYLLABLES && speechSeconds >= MIN_SPEECH_SECONDS
      ? syllables / speechSeconds
      : null;
  return { syllablesPerSecond, syllables, speechSeconds };
}
