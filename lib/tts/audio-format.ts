import alawmulaw from 'alawmulaw';
import wavefile from 'wavefile';
import { encodeWav } from '../speech';

const { WaveFile } = wavefile;
const { mulaw } = alawmulaw;

export interface AudioFormat {
  container: 'raw' | 'wav';
  encoding: 'pcm_s16le' | 'mulaw';
  sampleRate: number;
}

export function contentType(format: AudioFormat): string {
  if (format.container === 'wav') return 'audio/wav';
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

/** Turns 16-bit PCM chunks into the bytes of `format`, header first for WAV. */
export function createEncoder(format: AudioFormat) {
  let started = false;
  return (pcm: Buffer): Buffer => {
    const body = format.encoding === 'mulaw' ? encodeMulaw(pcm) : pcm;
    if (started || format.container === 'raw') return body;
    started = true;
    return Buffer.concat([streamingWavHeader(format), body]);
  };
}
