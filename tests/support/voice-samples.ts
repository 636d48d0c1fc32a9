import wavefile from 'wavefile';
import { encodeWav, type SpeechEngine, type SynthesisRequest } from '@/lib/adapters/speech-engine';

const { WaveFile } = wavefile;

export const SAMPLE_TEXT =
  'Hello, this is a sample of my voice. I am reading a few sentences so that the pitch and the rate ' +
  'can be measured. Thank you for listening today.';

/** Real speech from the engine as a WAV file. */
export async function synthesizeWav(
  engine: SpeechEngine,
  request: Partial<SynthesisRequest> = {},
): Promise<Buffer> {
  const sampleRate = request.sampleRate ?? 16_000;
  const parts: Buffer[] = [];
  for await (const chunk of engine.synthesize({ text: SAMPLE_TEXT, ...request, sampleRate })) {
    parts.push(chunk.pcm);
  }
  return encodeWav(Buffer.concat(parts), sampleRate);
}

/** A sine tone as a 16-bit WAV file (mono unless `channels`). */
export function toneWav(hz: number, seconds: number, sampleRate = 16_000, channels = 1): Buffer {
  const length = Math.round(seconds * sampleRate);
  const tone = Int16Array.from({ length }, (_, i) =>
    Math.round(12_000 * Math.sin((2 * Math.PI * hz * i) / sampleRate)),
  );
  const wav = new WaveFile();
  wav.fromScratch(channels, sampleRate, '16', channels === 1 ? tone : Array(channels).fill(tone));
  return Buffer.from(wav.toBuffer());
}

/** Mono floats of a WAV file's first channel. */
export function wavToFloats(wav: Buffer): { samples: Float32Array; sampleRate: number } {
  const file = new WaveFile();
  file.fromBuffer(wav);
  const pcm = file.getSamples(false, Int16Array) as unknown as Int16Array;
  return {
    samples: Float32Array.from(pcm, (v) => v / 32768),
    sampleRate: (file.fmt as { sampleRate: number }).sampleRate,
  };
}
