import wavefile from 'wavefile';
import { ApiError } from '../../platform/errors/api-error';
import { withRealWavSizes } from '../../adapters/speech-engine/real-wav-sizes';

// wavefile ships CommonJS; its named export is only reachable through the default import under ESM.
const { WaveFile } = wavefile;

export const MIN_SAMPLE_SECONDS = 1;
export const MAX_SAMPLE_SECONDS = 60;
/** Analysis runs at about this rate (integer decimation); speech pitch and rhythm need no more. */
const ANALYSIS_RATE = 16_000;
/** PCM, IEEE float and WAVE_FORMAT_EXTENSIBLE (which wraps one of those). */
const SUPPORTED_FORMATS = new Set([1, 3, 65534]);

interface FmtChunk {
  audioFormat: number;
  numChannels: number;
  sampleRate: number;
  blockAlign: number;
}

export interface DecodedSample {
  /** Mono floats in −1…1 at `sampleRate`. */
  samples: Float32Array;
  sampleRate: number;
  seconds: number;
}

/** One uploaded sample: a PCM or float WAV file of 1–60 s, mixed to mono, decimated for analysis. */
export function decodeWavSample(
  bytes: Uint8Array,
  label: string,
  field = 'audio_samples',
): DecodedSample {
  const bad = (who: string, problem: string) =>
    new ApiError('INVALID_BODY', { message: `${field}: ${who} ${problem}`, field });
  const wav = new WaveFile();
  try {
    // A streamed WAV (ours included) gives placeholder sizes: the bytes say how long it is.
    wav.fromBuffer(withRealWavSizes(bytes));
  } catch {
    throw bad(label, 'is not a WAV file.');
  }
  // Copied out: toBitDepth() below rebuilds the file and resets these objects.
  const fmt = { ...(wav.fmt as FmtChunk) };
  const dataBytes = (wav.data as { chunkSize: number }).chunkSize;
  if (!SUPPORTED_FORMATS.has(fmt.audioFormat) || !fmt.blockAlign || !fmt.numChannels) {
    throw bad(label, 'is not PCM or float WAV (compressed encodings are not accepted).');
  }
  if (fmt.sampleRate < 8_000 || fmt.sampleRate > 192_000) {
    throw bad(label, 'has a sample rate outside 8000–192000 Hz.');
  }
  const seconds = dataBytes / fmt.blockAlign / fmt.sampleRate;
  if (seconds < MIN_SAMPLE_SECONDS || seconds > MAX_SAMPLE_SECONDS) {
    throw bad(
      label,
      `lasts ${seconds.toFixed(2)} s; each sample must last ${MIN_SAMPLE_SECONDS}–${MAX_SAMPLE_SECONDS} s.`,
    );
  }
  let channels: Float64Array[];
  try {
    wav.toBitDepth('32f');
    const raw = wav.getSamples(false, Float64Array) as unknown as Float64Array | Float64Array[];
    channels = Array.isArray(raw) ? raw : [raw];
  } catch {
    throw bad(label, 'could not be decoded.');
  }
  const factor = Math.max(1, Math.floor(fmt.sampleRate / ANALYSIS_RATE));
  const length = Math.floor((channels[0]?.length ?? 0) / factor);
  const samples = new Float32Array(length);
  const scale = 1 / (factor * channels.length);
  for (let i = 0; i < length; i++) {
    let sum = 0;
    for (const channel of channels) {
      for (let j = i * factor; j < (i + 1) * factor; j++) sum += channel[j] ?? 0;
    }
    samples[i] = sum * scale;
  }
  return { samples, sampleRate: fmt.sampleRate / factor, seconds };
}
