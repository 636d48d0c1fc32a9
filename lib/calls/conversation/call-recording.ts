/**
 * Both directions of one media stream mixed on one 8 kHz timeline (sample offset = stream time),
 * as the sandbox's recordings are one track: inbound frames at their stream timestamps, outbound
 * frames at the time the callee hears them. A stream opened again mid-call (after press_digits)
 * is a segment of its own: its stream time starts at 0 where the call's time was `originMs`.
 */
export class CallRecording {
  private samples = new Int16Array(8_000 * 60);
  private length = 0;
  /** Outbound frames sent ahead of their play time (stream time): a barge-in may still drop them. */
  private ahead: { atMs: number; pcm: Int16Array }[] = [];

  /** `originMs`: the call's time when this stream opened (0 for its first). */
  constructor(private readonly originMs = 0) {}

  /** An outbound frame playing at call time `atMs`; `nowMs` is the call's time now (everything before it was heard). */
  addAhead(atMs: number, pcm: Int16Array, nowMs: number): void {
    this.cut(nowMs, true);
    this.ahead.push({ atMs: atMs - this.originMs, pcm });
  }

  /**
   * Mixes in the frames sent ahead that played before call time `nowMs`; the later ones are kept
   * for a later cut (`keepLater`) or dropped, as the carrier drops them on a clear or a hang-up.
   */
  cut(nowMs: number, keepLater = false): void {
    const later: { atMs: number; pcm: Int16Array }[] = [];
    for (const frame of this.ahead) {
      if (frame.atMs < nowMs - this.originMs) this.add(frame.atMs, frame.pcm);
      else if (keepLater) later.push(frame);
    }
    this.ahead = later;
  }

  /** A frame at stream time `atMs` (the callee's, at the carrier's timestamp). */
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
