/** What a WAV streamed before its length is known carries as its RIFF and data sizes. */
const STREAMING_PLACEHOLDER = 0xffffffff;
const HEADER_BYTES = 12;
const CHUNK_HEADER_BYTES = 8;

/**
 * The same WAV bytes, with the RIFF and `data` sizes taken from the bytes themselves when the
 * header gives the streaming placeholder (0xFFFFFFFF, as our own `/v2/tts` stream and many
 * encoders write it) or more than the file holds. The data length is cut to whole sample frames
 * when the `fmt ` chunk comes first. Anything that is not RIFF/WAVE is returned unchanged, for the
 * parser to refuse; well-formed files are returned as they are.
 */
export function withRealWavSizes(bytes: Uint8Array): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  if (bytes.length < HEADER_BYTES || tag(0) !== 'RIFF' || tag(8) !== 'WAVE') return bytes;
  let copy: Uint8Array | undefined;
  const write = (at: number, value: number) => {
    copy ??= Uint8Array.from(bytes);
    new DataView(copy.buffer).setUint32(at, value, true);
  };
  const riffSize = view.getUint32(4, true);
  if (riffSize === STREAMING_PLACEHOLDER || riffSize > bytes.length - 8) write(4, bytes.length - 8);
  let blockAlign = 1;
  for (let at = HEADER_BYTES; at + CHUNK_HEADER_BYTES <= bytes.length;) {
    const id = tag(at);
    const size = view.getUint32(at + 4, true);
    const room = bytes.length - at - CHUNK_HEADER_BYTES;
    if (id === 'fmt ' && size >= 14 && size <= room)
      blockAlign = view.getUint16(at + 20, true) || 1;
    if (id === 'data') {
      if (size === STREAMING_PLACEHOLDER || size > room) write(at + 4, room - (room % blockAlign));
      break;
    }
    // Chunks are padded to an even length (RIFF).
    at += CHUNK_HEADER_BYTES + size + (size % 2);
  }
  return copy ?? bytes;
}
