import alawmulaw from 'alawmulaw';

const { mulaw } = alawmulaw;

/** 8 kHz telephony: 20 ms is 160 samples, one byte each in μ-law. */
export const FRAME_MS = 20;
export const FRAME_SAMPLES = 160;

export function decodeMulaw(bytes: Buffer): Int16Array {
  return mulaw.decode(bytes);
}

/** 16-bit little-endian PCM at 8 kHz → 20 ms μ-law frames (the last one padded with silence). */
export function mulawFrames(pcm: Buffer): Buffer[] {
  const samples = new Int16Array(pcm.buffer, pcm.byteOffset, Math.floor(pcm.length / 2));
  const encoded = Buffer.from(mulaw.encode(samples));
  const frames: Buffer[] = [];
  for (let at = 0; at < encoded.length; at += FRAME_SAMPLES) {
    const frame = Buffer.alloc(FRAME_SAMPLES, 0xff); // 0xff is μ-law silence
    encoded.copy(frame, 0, at, Math.min(at + FRAME_SAMPLES, encoded.length));
    frames.push(frame);
  }
  return frames;
}
