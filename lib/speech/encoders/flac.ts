import flacModule from 'libflacjs/dist/libflac.js';
import { int16, type StreamEncoder } from './types';

/** The part of libflac.js (libFLAC compiled by emscripten) the encoder uses. */
interface LibFlac {
  isReady(): boolean;
  on(event: 'ready', listener: () => void): void;
  create_libflac_encoder(
    sampleRate: number,
    channels: number,
    bitsPerSample: number,
    compression: number,
    totalSamples: number,
    verify: boolean,
    blockSize: number,
  ): number;
  init_encoder_stream(
    encoder: number,
    write: (data: Uint8Array, bytes: number) => void,
    metadata?: () => void,
  ): number;
  FLAC__stream_encoder_process_interleaved(
    encoder: number,
    samples: Int32Array,
    perChannel: number,
  ): boolean;
  FLAC__stream_encoder_finish(encoder: number): boolean;
  FLAC__stream_encoder_delete(encoder: number): void;
}

const Flac = flacModule as unknown as LibFlac;
const ready = new Promise<void>((resolve) =>
  Flac.isReady() ? resolve() : Flac.on('ready', () => resolve()),
);

/**
 * FLAC (libFLAC compiled by `libflacjs`), 16-bit mono, compression level 5. A stream cannot
 * seek back, so STREAMINFO says "length unknown" (0 samples), which decoders accept.
 */
export async function createFlacStreamEncoder(sampleRate: number): Promise<StreamEncoder> {
  await ready;
  const encoder = Flac.create_libflac_encoder(sampleRate, 1, 16, 5, 0, false, 0);
  if (!encoder) throw new Error('libFLAC could not create an encoder');
  let pending: Buffer[] = [];
  let closed = false;
  const status = Flac.init_encoder_stream(encoder, (data, bytes) => {
    pending.push(Buffer.from(data.subarray(0, bytes)));
  });
  if (status !== 0) throw new Error(`libFLAC encoder init failed (${status})`);
  const drain = () => {
    const out = Buffer.concat(pending);
    pending = [];
    return out;
  };
  return {
    encode(pcm) {
      const samples = Int32Array.from(int16(pcm));
      if (samples.length > 0)
        Flac.FLAC__stream_encoder_process_interleaved(encoder, samples, samples.length);
      return drain();
    },
    finish() {
      Flac.FLAC__stream_encoder_finish(encoder);
      return drain();
    },
    close() {
      if (closed) return;
      closed = true;
      Flac.FLAC__stream_encoder_delete(encoder);
    },
  };
}
