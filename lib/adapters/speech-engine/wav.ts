import wavefile from 'wavefile';
import { withRealWavSizes } from './real-wav-sizes';

// wavefile ships CommonJS; its named export is only reachable through the default import under ESM.
const { WaveFile } = wavefile;

const BYTES_PER_SAMPLE = 2;

/**
 * A RIFF/WAVE file around mono 16-bit little-endian PCM. wavefile writes the header and the layout
 * but is handed the bytes as they are: its fromScratch packs sample by sample in JavaScript, ~100 ms
 * of the server's event loop for one call's recording.
 */
export function encodeWav(pcm: Buffer, sampleRate: number): Buffer {
  if (pcm.length % BYTES_PER_SAMPLE !== 0)
    throw new Error('PCM length must be a whole number of 16-bit samples');
  const wav = new WaveFile();
  wav.fromScratch(1, sampleRate, '16', []);
  // toBuffer() sizes the RIFF and data chunks from the bytes it is given.
  (wav.data as { samples: Uint8Array }).samples = pcm;
  const file = wav.toBuffer();
  return Buffer.from(file.buffer, file.byteOffset, file.length);
}

/** Seconds of audio in a WAV file, from its header and data chunk (a streamed one's real length). */
export function wavDurationSeconds(wav: Buffer): number {
  const file = new WaveFile();
  file.fromBuffer(withRealWavSizes(wav));
  const fmt = file.fmt as { sampleRate: number; blockAlign: number };
  const data = file.data as { chunkSize: number };
  if (!fmt.sampleRate || !fmt.blockAlign) throw new Error('Not a PCM WAV file');
  return data.chunkSize / fmt.blockAlign / fmt.sampleRate;
}

/** Seconds of audio in mono 16-bit PCM at the given rate. */
export function pcmDurationSeconds(pcm: Buffer, sampleRate: number): number {
  return pcm.length / BYTES_PER_SAMPLE / sampleRate;
}
