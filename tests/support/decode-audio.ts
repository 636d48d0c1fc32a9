import { FLACDecoder } from '@wasm-audio-decoders/flac';
import { MPEGDecoder } from 'mpg123-decoder';
import { OggOpusDecoder } from 'ogg-opus-decoder';

export interface DecodedAudio {
  sampleRate: number;
  samples: Float32Array;
  seconds: number;
  /** Frames the decoder could not read (a valid stream has none). */
  errors: number;
}

function decoded(result: {
  channelData: Float32Array[];
  samplesDecoded: number;
  sampleRate: number;
  errors: unknown[];
}): DecodedAudio {
  const samples = result.channelData[0] ?? new Float32Array(0);
  return {
    sampleRate: result.sampleRate,
    samples,
    seconds: result.samplesDecoded / result.sampleRate,
    errors: result.errors.length,
  };
}

/**
 * Decodes our compressed answers with independent decoders (mpg123, libopus and libFLAC builds
 * in WebAssembly from the wasm-audio-decoders project): a stream that is not valid does not decode.
 */
export async function decodeAudio(
  kind: 'mp3' | 'opus' | 'flac',
  bytes: Buffer,
): Promise<DecodedAudio> {
  const data = new Uint8Array(bytes);
  if (kind === 'mp3') {
    const decoder = new MPEGDecoder();
    await decoder.ready;
    try {
      return decoded(decoder.decode(data));
    } finally {
      decoder.free();
    }
  }
  const decoder = kind === 'opus' ? new OggOpusDecoder() : new FLACDecoder();
  await decoder.ready;
  try {
    return decoded(await decoder.decodeFile(data));
  } finally {
    decoder.free();
  }
}

/** Root mean square of float samples (-1..1), scaled to 16-bit units like speech-api's rms. */
export function floatRms(samples: Float32Array): number {
  let sum = 0;
  for (const s of samples) sum += s * s;
  return Math.sqrt(sum / Math.max(1, samples.length)) * 32768;
}
