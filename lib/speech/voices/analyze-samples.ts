import { decodeWavSample } from './decode-wav-sample';
import { estimatePitch } from './estimate-pitch';
import { estimateSpeakingRate } from './estimate-speaking-rate';
import { mapToEngineVoice, type DerivedVoice } from './map-to-engine-voice';

export interface VoiceAnalysis extends DerivedVoice {
  /** Median pitch over every voiced frame of every sample, or null when nothing was voiced. */
  samplePitchHz: number | null;
  /** Syllables per second of speech over all samples, or null when the audio does not tell. */
  sampleSyllablesPerSecond: number | null;
  sampleSeconds: number;
  sampleCount: number;
}

/** Decodes the samples (400 naming `audio_samples` when one is unfit), measures them, maps them. */
export function analyzeSamples(files: Uint8Array[]): VoiceAnalysis {
  const pitches: number[] = [];
  let syllables = 0;
  let speechSeconds = 0;
  let sampleSeconds = 0;
  files.forEach((bytes, index) => {
    const decoded = decodeWavSample(bytes, `sample ${index + 1}`);
    sampleSeconds += decoded.seconds;
    pitches.push(...estimatePitch(decoded.samples, decoded.sampleRate).frames);
    const rate = estimateSpeakingRate(decoded.samples, decoded.sampleRate);
    if (rate.syllablesPerSecond !== null) {
      syllables += rate.syllables;
      speechSeconds += rate.speechSeconds;
    }
  });
  pitches.sort((a, b) => a - b);
  const samplePitchHz = pitches.length > 0 ? pitches[Math.floor(pitches.length / 2)]! : null;
  const sampleSyllablesPerSecond = speechSeconds > 0 ? syllables / speechSeconds : null;
  return {
    ...mapToEngineVoice({ pitchHz: samplePitchHz, syllablesPerSecond: sampleSyllablesPerSecond }),
    samplePitchHz,
    sampleSyllablesPerSecond,
    sampleSeconds,
    sampleCount: files.length,
  };
}
