/**
 * Both directions of a live call mixed on one 8 kHz timeline (sample offset = stream time), as
 * the sandbox's recordings are one track: inbound frames at their stream timestamps, outbound
 * frames at the time they were sent.
 */
export class CallRecording {
  private samples = new Int16Array(8_000 * 60);
  private length = 0;

  add(atMs: number, pcm: Int16Array): void {
    const start = Math.max(0, Math.round(atMs * 8));
    const end = start + pcm.length;
    if (end > this.samples.length) {
      const grown = new Int16Array(Math.max(end, this.samples.length * 2));
      grown.set(this.samples.subarray(0, this.length));
      this.samples = grown;
    }
    for (let i = 0; i < pcm.length; i++) {
      const mixed = this.samples[start + i]! + pcm[i]!;
      this.samples[start + i] = mixed > 32767 ? 32767 : mixed < -32768 ? -32768 : mixed;
    }
    this.length = Math.max(this.length, end);
  }

  /** 16-bit little-endian PCM of the whole call so far. */
  pcm(): Buffer {
    const view = this.samples.subarray(0, this.length);
    return Buffer.from(view.buffer, view.byteOffset, view.byteLength);
  }
}
