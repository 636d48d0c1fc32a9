import { createMp3Encoder } from 'wasm-media-encoders';
import { int16, type StreamEncoder } from './types';

/** Sample rates an MPEG-1/2/2.5 layer III stream can carry. */
export const MP3_SAMPLE_RATES = [8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000];

/**
 * MP3 through LAME compiled to WebAssembly (`wasm-media-encoders`): VBR quality 4, mono. Frames
 * leave as LAME completes them, so the stream starts after the first ~50 ms of audio.
 */
export async function createMp3StreamEncoder(sampleRate: number): Promise<StreamEncoder> {
  const encoder = await createMp3Encoder();
  encoder.configure({ sampleRate, channels: 1, vbrQuality: 4 });
  return {
    encode(pcm) {
      const floats = Float32Array.from(int16(pcm), (sample) => sample / 32768);
      // The returned view is the encoder's own memory, reused by the next call: copy it.
      return Buffer.from(encoder.encode([floats]));
    },
    finish() {
      return Buffer.from(encoder.finalize());
    },
    // Its WebAssembly instance is garbage once unreferenced.
    close() {},
  };
}
