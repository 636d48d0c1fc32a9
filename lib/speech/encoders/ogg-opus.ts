import { randomInt } from 'node:crypto';
import OpusScript from 'opusscript';
import { BOS, EOS, OggPageWriter } from './ogg-pages';
import type { StreamEncoder } from './types';

/** Input rates libopus accepts. */
export const OPUS_SAMPLE_RATES = [8000, 12000, 16000, 24000, 48000];

// libopus's encoder delay at every rate, in 48 kHz samples (the decoder drops them: RFC 7845).
const PRE_SKIP = 312;
const FRAME_MS = 20;
// A page every 10 frames (200 ms): small enough to stream, few enough pages to keep overhead low.
const FRAMES_PER_PAGE = 10;

/** OpusHead and OpusTags, the two header packets of an Ogg Opus stream (RFC 7845 §5). */
function headers(sampleRate: number): [Buffer, Buffer] {
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'latin1');
  head.writeUInt8(1, 8); // version
  head.writeUInt8(1, 9); // mono
  head.writeUInt16LE(PRE_SKIP, 10);
  head.writeUInt32LE(sampleRate, 12);
  head.writeInt16LE(0, 16); // output gain
  head.writeUInt8(0, 18); // channel mapping family 0
  const vendor = Buffer.from('voiceai opusscript', 'utf8');
  const tags = Buffer.alloc(8 + 4 + vendor.length + 4);
  tags.write('OpusTags', 0, 'latin1');
  tags.writeUInt32LE(vendor.length, 8);
  vendor.copy(tags, 12);
  tags.writeUInt32LE(0, 12 + vendor.length); // no comments
  return [head, tags];
}

/**
 * Opus (libopus compiled to WebAssembly by `opusscript`) in Ogg pages: 20 ms frames, a page
 * every 200 ms, the last frame padded with silence and trimmed by the final granule position.
 */
export function createOggOpusStreamEncoder(sampleRate: number): StreamEncoder {
  const opus = new OpusScript(sampleRate as 24000, 1, OpusScript.Application.AUDIO);
  const frameBytes = (sampleRate * FRAME_MS * 2) / 1000;
  const to48k = 48000 / sampleRate;
  const writer = new OggPageWriter(randomInt(2 ** 31));
  const [head, tags] = headers(sampleRate);
  let pending: Buffer[] = [writer.page([head], 0n, BOS), writer.page([tags], 0n)];
  let rest = Buffer.alloc(0);
  let packets: Buffer[] = [];
  let frames = 0;
  let samples = 0;
  let closed = false;

  const encodeFrame = (frame: Buffer) => {
    // The packet is a view of the encoder's memory, reused by the next call: copy it.
    packets.push(Buffer.from(opus.encode(frame, frame.length / 2)));
    frames += 1;
  };
  // A page's granule counts every decoded sample up to its last packet, the pre-skip included.
  const flushPage = (flags = 0, granule = BigInt(frames * FRAME_MS * 48)) => {
    if (packets.length === 0 && flags === 0) return;
    pending.push(writer.page(packets, granule, flags));
    packets = [];
  };
  const drain = () => {
    const out = Buffer.concat(pending);
    pending = [];
    return out;
  };

  return {
    encode(pcm) {
      samples += pcm.length / 2;
      let data = rest.length ? Buffer.concat([rest, pcm]) : pcm;
      while (data.length >= frameBytes) {
        encodeFrame(data.subarray(0, frameBytes));
        data = data.subarray(frameBytes);
        if (packets.length >= FRAMES_PER_PAGE) flushPage();
      }
      rest = Buffer.from(data);
      return drain();
    },
    finish() {
      // The decoder's output starts PRE_SKIP samples late: pad with silence until every real
      // sample is out, and end the granule at the last real one, so players trim the padding.
      const end = PRE_SKIP + Math.round(samples * to48k);
      while (frames * FRAME_MS * 48 < end) {
        const last = Buffer.alloc(frameBytes);
        rest.copy(last);
        rest = Buffer.alloc(0);
        encodeFrame(last);
        if (packets.length >= FRAMES_PER_PAGE) flushPage();
      }
      flushPage(EOS, BigInt(end));
      return drain();
    },
    close() {
      if (closed) return;
      closed = true;
      opus.delete();
    },
  };
}
