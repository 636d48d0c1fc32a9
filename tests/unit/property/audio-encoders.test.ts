// PCM and μ-law encoders: lengths and durations add up, chunked streaming produces the same
// bytes as one pass, and μ-law stays within G.711's quantization error.
import alawmulaw from 'alawmulaw';
import fc from 'fast-check';
import wavefile from 'wavefile';
import { describe, expect, it } from 'vitest';
import { encodeWav, wavDurationSeconds } from '@/lib/adapters/speech-engine';
import { createEncoder, encodeMulaw, type AudioFormat } from '@/lib/speech/audio-format';

const { WaveFile } = wavefile;
const { mulaw } = alawmulaw;

const samples = fc.array(fc.integer({ min: -32768, max: 32767 }), { maxLength: 2000 });
const toPcm = (values: number[]) => {
  const pcm = Buffer.alloc(values.length * 2);
  values.forEach((v, i) => pcm.writeInt16LE(v, i * 2));
  return pcm;
};
/** The same bytes at an odd offset of a larger buffer, as Node's pool may hand them over. */
const atOddOffset = (pcm: Buffer) => {
  const backing = Buffer.alloc(pcm.length + 1);
  pcm.copy(backing, 1);
  return backing.subarray(1);
};
const rate = fc.integer({ min: 8000, max: 48000 });

describe('PCM in WAV', () => {
  it('holds every sample, and its duration is samples / rate', () => {
    fc.assert(
      fc.property(samples, rate, fc.boolean(), (values, sampleRate, odd) => {
        const pcm = toPcm(values);
        const wav = encodeWav(odd ? atOddOffset(pcm) : pcm, sampleRate);
        expect(wav.length).toBe(44 + pcm.length);
        expect(wavDurationSeconds(wav)).toBeCloseTo(values.length / sampleRate, 9);
        const parsed = new WaveFile(wav);
        expect(Array.from(parsed.getSamples(false, Int16Array) as unknown as Int16Array)).toEqual(
          values,
        );
      }),
      { seed: 16, numRuns: 300 },
    );
  });
});

describe('μ-law', () => {
  it('is one byte per sample, within the quantization error of G.711', () => {
    fc.assert(
      fc.property(samples, fc.boolean(), (values, odd) => {
        const pcm = toPcm(values);
        const encoded = encodeMulaw(odd ? atOddOffset(pcm) : pcm);
        expect(encoded.length).toBe(values.length);
        const decoded = mulaw.decode(new Uint8Array(encoded));
        values.forEach((v, i) => {
          // μ-law's step doubles with each segment: the error is at most ~1/16 of the value,
          // and a few units near zero; the clip at 32635 adds up to 132.
          expect(Math.abs(decoded[i]! - v)).toBeLessThanOrEqual(Math.max(132, Math.abs(v) / 16));
        });
      }),
      { seed: 16, numRuns: 300 },
    );
  });
});

describe('streaming encoder', () => {
  const formats = fc.constantFrom<AudioFormat>(
    { container: 'wav', encoding: 'pcm_s16le', sampleRate: 24000 },
    { container: 'raw', encoding: 'pcm_s16le', sampleRate: 16000 },
    { container: 'wav', encoding: 'mulaw', sampleRate: 8000 },
    { container: 'raw', encoding: 'mulaw', sampleRate: 8000 },
  );

  it('gives the same bytes however the PCM is chunked', async () => {
    await fc.assert(
      fc.asyncProperty(
        formats,
        samples.filter((v) => v.length > 0),
        fc.array(fc.nat(), { maxLength: 8 }),
        async (format, values, cuts) => {
          const pcm = toPcm(values);
          const whole = (await createEncoder(format)).encode(pcm);
          // Cut at sample boundaries: the engine yields whole samples.
          const points = [...new Set(cuts.map((c) => (c % values.length) * 2))].sort(
            (a, b) => a - b,
          );
          const encoder = await createEncoder(format);
          const chunks = [0, ...points, pcm.length]
            .slice(1)
            .map((end, i, ends) => encoder.encode(pcm.subarray(i === 0 ? 0 : ends[i - 1], end)));
          expect(Buffer.concat(chunks)).toEqual(whole);
        },
      ),
      { seed: 16, numRuns: 300 },
    );
  });
});
