// Ogg framing (RFC 3533) for the Opus packets: no well-kept npm muxer writes Ogg pages from
// packets, and the format is a small header, lacing values and a CRC.

/** CRC-32 as Ogg defines it: polynomial 0x04C11DB7, no reflection, initial value 0. */
const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let r = i << 24;
    for (let bit = 0; bit < 8; bit++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
    table[i] = r >>> 0;
  }
  return table;
})();

function oggCrc(bytes: Buffer): number {
  let crc = 0;
  for (const byte of bytes) crc = ((crc << 8) ^ CRC_TABLE[((crc >>> 24) ^ byte) & 0xff]!) >>> 0;
  return crc;
}

export const BOS = 0x02;
export const EOS = 0x04;

/** Writes the pages of one logical stream; each call makes one page of whole packets. */
export class OggPageWriter {
  private sequence = 0;

  constructor(private readonly serial: number) {}

  /** A page holding `packets` (each under 64 kB; at most 255 lacing values in all). */
  page(packets: Buffer[], granule: bigint, flags = 0): Buffer {
    const lacing: number[] = [];
    for (const packet of packets) {
      for (let left = packet.length; ; left -= 255) {
        lacing.push(Math.min(left, 255));
        if (left < 255) break;
      }
    }
    if (lacing.length > 255) throw new Error('too many packets for one Ogg page');
    const header = Buffer.alloc(27 + lacing.length);
    header.write('OggS', 0, 'latin1');
    header.writeUInt8(0, 4); // version
    header.writeUInt8(flags, 5);
    header.writeBigInt64LE(granule, 6);
    header.writeUInt32LE(this.serial, 14);
    header.writeUInt32LE(this.sequence++, 18);
    header.writeUInt8(lacing.length, 26);
    Buffer.from(lacing).copy(header, 27);
    const page = Buffer.concat([header, ...packets]);
    page.writeUInt32LE(oggCrc(page), 22);
    return page;
  }
}
