import { describe, expect, it } from 'vitest';
import { createOggOpusStreamEncoder } from '@/lib/speech/encoders/ogg-opus';
import { BOS, OggPageWriter } from '@/lib/speech/encoders/ogg-pages';

// Pages made by the reference tools (opusenc 0.2 from opus-tools, --serial 12345): our writer
// must produce the same bytes, CRC and lacing included.
const OPUSENC_HEAD_PAGE =
  '4f67675300020000000000000000393000000000000062b7769101134f7075734865616401013801c05d0000000000';
const OPUSENC_TAGS_START =
  '4f707573546167731f0000006c69626f70757320312e332e312c206c69626f707573656e6320302e322e31020000' +
  '0023000000454e434f4445523d6f707573656e632066726f6d206f7075732d746f6f6c7320302e321e000000454e' +
  '434f4445525f4f5054494f4e533d2d2d73657269616c203132333435';

interface Page {
  flags: number;
  granule: bigint;
  sequence: number;
  packets: number;
}

/** Walks a stream's pages (each packet here is under 255 bytes: one lacing value each). */
function pages(stream: Buffer): Page[] {
  const found: Page[] = [];
  for (let at = 0; at < stream.length;) {
    expect(stream.subarray(at, at + 4).toString('latin1')).toBe('OggS');
    const segments = stream[at + 26]!;
    const lacing = [...stream.subarray(at + 27, at + 27 + segments)];
    found.push({
      flags: stream[at + 5]!,
      granule: stream.readBigInt64LE(at + 6),
      sequence: stream.readUInt32LE(at + 18),
      packets: lacing.filter((l) => l < 255).length,
    });
    at += 27 + segments + lacing.reduce((a, b) => a + b, 0);
  }
  return found;
}

describe('Ogg pages', () => {
  it('writes opusenc’s OpusHead page byte for byte', () => {
    const expected = Buffer.from(OPUSENC_HEAD_PAGE, 'hex');
    const packet = expected.subarray(28);
    expect(new OggPageWriter(12345).page([packet], 0n, BOS)).toEqual(expected);
  });

  it('laces a packet over 255 bytes and gets opusenc’s CRC for it', () => {
    const start = Buffer.from(OPUSENC_TAGS_START, 'hex');
    const packet = Buffer.concat([start, Buffer.alloc(764 - start.length)]);
    const writer = new OggPageWriter(12345);
    writer.page([Buffer.alloc(19)], 0n, BOS);
    const page = writer.page([packet], 0n);
    expect([...page.subarray(26, 30)]).toEqual([3, 255, 255, 254]);
    expect(page.readUInt32LE(18)).toBe(1);
    expect(page.readUInt32LE(22)).toBe(0x8ecc27d5);
  });
});

describe('Ogg Opus stream', () => {
  it('counts granules in 48 kHz samples and trims the end to the real audio', () => {
    const encoder = createOggOpusStreamEncoder(24000);
    // 1.01 s of a tone at 24 kHz, in uneven chunks.
    const pcm = Buffer.alloc(24_240 * 2);
    for (let i = 0; i < 24_240; i++)
      pcm.writeInt16LE(Math.round(6000 * Math.sin((2 * Math.PI * 300 * i) / 24000)), i * 2);
    const parts: Buffer[] = [];
    for (let at = 0; at < pcm.length; at += 3_002)
      parts.push(encoder.encode(pcm.subarray(at, at + 3_002)));
    parts.push(encoder.finish());
    encoder.close();
    const stream = pages(Buffer.concat(parts));
    expect(stream.map((p) => p.sequence)).toEqual(stream.map((_, i) => i));
    expect(stream[0]).toMatchObject({ flags: BOS, granule: 0n });
    expect(stream[1]).toMatchObject({ flags: 0, granule: 0n });
    // 10 packets of 20 ms (960 samples at 48 kHz) per page, the pre-skip counted in.
    expect(stream[2]).toMatchObject({ flags: 0, granule: 9_600n, packets: 10 });
    const last = stream.at(-1)!;
    // 312 pre-skip + 1.01 s; enough frames to hold it (51 × 960 = 48,960 ≥ 48,792).
    expect(last).toMatchObject({ flags: 4, granule: 312n + 48_480n });
    expect(stream.slice(2).reduce((n, p) => n + p.packets, 0)).toBe(51);
  });
});
