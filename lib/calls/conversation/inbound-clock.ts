import type { Clock } from '../../platform/runtime/clock';
import { FRAME_MS } from './mulaw';

/**
 * Where the callee's audio stands against the clock, from the carrier's frame timestamps: how
 * much of it should have been handled by now and was not (frames queued behind a busy loop, to
 * come in a late burst). The smallest gap seen between a frame's timestamp and its handling is
 * the line's own delay; anything over it is the loop's.
 */
export class InboundClock {
  private offset: number | null = null;
  private latestMs = -1;

  constructor(private readonly clock: Clock) {}

  /** A frame handled now, at `timestampMs` on the stream's timeline. */
  frame(timestampMs: number): void {
    const offset = this.clock.now() - timestampMs;
    this.offset = this.offset === null ? offset : Math.min(this.offset, offset);
    this.latestMs = Math.max(this.latestMs, timestampMs);
  }

  /** Audio (ms) the carrier has sent that the loop has not handled yet; 0 when it keeps up. */
  behindMs(): number {
    if (this.offset === null) return 0;
    return Math.max(0, this.clock.now() - this.offset - this.latestMs - FRAME_MS);
  }
}
