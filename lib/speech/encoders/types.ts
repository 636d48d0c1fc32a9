/** Turns 16-bit mono PCM chunks into a compressed stream, chunk by chunk. */
export interface StreamEncoder {
  /** Encoded bytes ready so far (may be empty while a frame fills up). */
  encode(pcm: Buffer): Buffer;
  /** Flushes the last partial frame and ends the stream. */
  finish(): Buffer;
  /** Frees the encoder's memory (after finish, or when the stream was cut); idempotent. */
  close(): void;
}

/** The samples of a PCM chunk (a pooled Buffer may sit at an odd offset). */
export function int16(pcm: Buffer): Int16Array {
  return pcm.byteOffset % 2 === 0
    ? new Int16Array(pcm.buffer, pcm.byteOffset, pcm.length / 2)
    : new Int16Array(Uint8Array.from(pcm).buffer);
}
