import alawmulaw from 'alawmulaw';
import wavefile from 'wavefile';
import { encodeWav } from '../adapters/speech-engine';
import { createFlacStreamEncoder } from './encoders/flac';
import { createMp3StreamEncoder } from './encoders/mp3';
import { createOggOpusStreamEncoder } from './encoders/ogg-opus';
import type { StreamEncoder } from './encoders/types';

const { WaveFile } = wavefile;
const { mulaw } = alawmulaw;

/** raw and wav carry `encoding`; mp3, ogg_opus and flac are compressed from 16-bit PCM. */
export type Container = 'raw' | 'wav' | 'mp3' | 'ogg_opus' | 'flac';

export interface AudioFormat {
  container: Container;
  encoding: 'pcm_s16le' | 'mulaw';
  sampleRate: number;
}

export function contentType(format: AudioFormat): string {
  if (format.container === 'wav') return 'audio/wav';
  if (format.container === 'mp3') return 'audio/mpeg';
  if (format.container === 'ogg_opus') return 'audio/ogg; codecs=opus';
  if (format.container === 'flac') return 'audio/flac';
  return format.encoding === 'mulaw'
    ? `audio/basic;rate=${format.sampleRate}`
    : `audio/L16;rate=${format.sampleRate};channels=1;endianness=little-endian`;
}

function int16(pcm: Buffer): Int16Array {
  // A Buffer from Node's pool may sit at an odd offset, which Int16Array cannot view.
  return pcm.byteOffset % 2 === 0
    ? new Int16Array(pcm.buffer, pcm.byteOffset, pcm.length / 2)
    : new Int16Array(Uint8Array.from(pcm).buffer);
}

/** G.711 μ-law, through alawmulaw. */
export function encodeMulaw(pcm: Buffer): Buffer {
  return Buffer.from(mulaw.encode(int16(pcm)));
}

/**
 * The header of a WAV stream whose length is not known yet: wavefile writes it, and the RIFF
 * and data sizes are set to the maximum, as streaming WAV producers do (players read to EOF).
 */
export function streamingWavHeader(format: AudioFormat): Buffer {
  const file = new WaveFile();
  file.fromScratch(1, format.sampleRate, format.encoding === 'mulaw' ? '8m' : '16', []);
  const header = Buffer.from(file.toBuffer());
  const dataAt = header.indexOf('data');
  header.writeUInt32LE(0xffffffff, 4);
  header.writeUInt32LE(0xffffffff, dataAt + 4);
  return header;
}

/** A complete WAV file (length known): used where the whole audio is produced first. */
export function completeWav(pcm: Buffer, format: AudioFormat): Buffer {
  if (format.encoding !== 'mulaw') return encodeWav(pcm, format.sampleRate);
  const file = new WaveFile();
  file.fromScratch(1, format.sampleRate, '8m', mulaw.encode(int16(pcm)));
  return Buffer.from(file.toBuffer());
}

/**
 * Turns 16-bit PCM chunks into the bytes of `format`: header first for WAV, through an
 * in-process encoder (WebAssembly / JS from npm, no system binary) for mp3, Ogg Opus and FLAC.
 * `finish()` ends the stream (the compressed formats flush their last frame).
 */
export async function createEncoder(format: AudioFormat): Promise<StreamEncoder> {
  if (format.container === 'mp3') return createMp3StreamEncoder(format.sampleRate);
  if (format.container === 'ogg_opus') return createOggOpusStreamEncoder(format.sampleRate);
  if (format.container === 'flac') return createFlacStreamEncoder(format.sampleRate);
  let started = false;
  return {
    encode(pcm) {
      const body = format.encoding === 'mulaw' ? encodeMulaw(pcm) : pcm;
      if (started || format.container === 'raw') return body;
      started = true;
      return Buffer.concat([streamingWavHeader(format), body]);
    },
    finish: () => Buffer.alloc(0),
    close() {},
  };
}
