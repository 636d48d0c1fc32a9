import wavefile from 'wavefile';
import { describe, expect, it } from 'vitest';
import { encodeWav, pcmDurationSeconds, wavDurationSeconds } from '@/lib/adapters/speech-engine';

const { WaveFile } = wavefile;

function tone(samples: number): Buffer {
  const pcm = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) pcm.writeInt16LE(Math.round(8000 * Math.sin(i / 5)), i * 2);
  return pcm;
}

describe('WAV helpers', () => {
  it('encodes mono 16-bit PCM that wavefile parses back sample for sample', () => {
    const pcm = tone(16_000);
    const wav = encodeWav(pcm, 16_000);
    const parsed = new WaveFile(wav);
    const fmt = parsed.fmt as { sampleRate: number; numChannels: number; bitsPerSample: number };
    expect(fmt).toMatchObject({ sampleRate: 16_000, numChannels: 1, bitsPerSample: 16 });
    expect(Buffer.from(parsed.getSamples(false, Int16Array).buffer)).toEqual(pcm);
    expect(wavDurationSeconds(wav)).toBe(1);
    expect(pcmDurationSeconds(pcm, 16_000)).toBe(1);
    // The RIFF size and the data size in the header match what follows them.
    expect(wav.length).toBe(44 + pcm.length);
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    expect(wav.readUInt32LE(40)).toBe(pcm.length);
  });

  it('accepts a Buffer at an odd byte offset', () => {
    const pcm = tone(100);
    const backing = Buffer.alloc(pcm.length + 1);
    pcm.copy(backing, 1);
    const odd = backing.subarray(1);
    expect(odd.byteOffset % 2).toBe(1);
    expect(encodeWav(odd, 8000)).toEqual(encodeWav(pcm, 8000));
  });

  it('refuses half a sample and a file that is not a WAV', () => {
    expect(() => encodeWav(Buffer.alloc(3), 8000)).toThrow(/16-bit/);
    expect(() => wavDurationSeconds(Buffer.from('not a wav file at all'))).toThrow();
  });
});
