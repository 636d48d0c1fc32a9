import { describe, expect, it } from 'vitest';
import { wavDurationSeconds } from '@/lib/adapters/speech-engine';
import { streamingWavHeader } from '@/lib/speech/audio-format';
import { decodeWavSample } from '@/lib/speech/voices/decode-wav-sample';

// A WAV streamed before its length is known (our /v2/tts stream) carries 0xFFFFFFFF as its RIFF
// and data sizes; every WAV reader of ours takes the data's real length instead (issue 21).

function tone(seconds: number, sampleRate: number): Buffer {
  const pcm = Buffer.alloc(Math.round(seconds * sampleRate) * 2);
  for (let i = 0; i < pcm.length / 2; i++)
    pcm.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 180 * i) / sampleRate)), i * 2);
  return pcm;
}

const streamed = (seconds: number, sampleRate = 24_000) =>
  Buffer.concat([
    streamingWavHeader({ container: 'wav', encoding: 'pcm_s16le', sampleRate }),
    tone(seconds, sampleRate),
  ]);

describe('streamed WAV', () => {
  it('has the streaming placeholder sizes', () => {
    const wav = streamed(2);
    expect(wav.readUInt32LE(4)).toBe(0xffffffff);
    expect(wav.readUInt32LE(wav.indexOf('data') + 4)).toBe(0xffffffff);
  });

  it('is measured by its real length', () => {
    expect(wavDurationSeconds(streamed(2))).toBeCloseTo(2, 6);
  });

  it('is accepted as a voice sample, with its real length', () => {
    const decoded = decodeWavSample(streamed(2.5), 'sample 1');
    expect(decoded.seconds).toBeCloseTo(2.5, 6);
    expect(decoded.samples.length).toBeGreaterThan(0);
  });

  it('a header claiming more than the file holds is read to the end of the file', () => {
    const wav = streamed(1.5);
    wav.writeUInt32LE(wav.length * 4, wav.indexOf('data') + 4);
    wav.writeUInt32LE(wav.length * 4, 4);
    expect(wavDurationSeconds(wav)).toBeCloseTo(1.5, 6);
    // A trailing half sample frame is left out rather than read as noise.
    expect(decodeWavSample(Buffer.concat([wav, Buffer.alloc(1)]), 's').seconds).toBeCloseTo(1.5, 6);
  });

  it('a truthful header is left as it is, and too-long audio is still refused', () => {
    expect(() => decodeWavSample(streamed(61, 8_000), 'sample 1')).toThrow(/lasts 61\.00 s/);
  });
});
