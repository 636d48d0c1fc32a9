import type { Clock } from '../../platform/runtime/clock';
import { FRAME_MS } from './mulaw';

type Item = { frame: Buffer } | { mark: string };

export interface PacerSink {
  /** `playAtMs`: when the callee hears this frame (its place in the schedule, on the clock). */
  media(frame: Buffer, playAtMs: number): void;
  mark(name: string): void;
}

/**
 * How far ahead of its play time a frame may leave. The carrier buffers what arrives early and
 * plays it on its own clock (a `clear` drops the buffer, marks say what was heard), so a lead
 * turns an event-loop stall shorter than it into no gap at all for the callee.
 */
export const PACER_LEAD_MS = 200;
/** The longest a run of speech waits for the callee's late audio before it starts anyway. */
export const MAX_HOLD_MS = 400;

/**
 * Sends outbound audio in real time: frame n of a run of speech plays at start + n × 20 ms of
 * the clock (an absolute schedule, so lateness never accumulates) and leaves up to `leadMs`
 * before that; each mark right after the frames before it. clear() drops everything not yet
 * sent, at once.
 */
export class FramePacer {
  private queue: Item[] = [];
  private nextDueMs = 0;
  private running = false;
  private generation = 0;
  /** How late each frame left against its play time, when asked to keep them (tests). */
  lateness: number[] = [];
  /** Always kept: frames sent, the latest one's worst lateness, and how many were > 40 ms late. */
  readonly stats = { frames: 0, maxLateMs: 0, over40: 0 };

  constructor(
    private readonly clock: Clock,
    private readonly sink: PacerSink,
    private readonly options: {
      recordLateness?: boolean;
      leadMs?: number;
      /**
       * True while a run of speech must not start yet: the callee's audio up to now has not all
       * been heard (what it holds may stop this reply before the callee hears any of it).
       */
      holdStart?: () => boolean;
    } = {},
  ) {}

  /** The stats as the stream's closing log line says them (the benchmark reads that line). */
  describeStats(): string {
    const { frames, maxLateMs, over40 } = this.stats;
    return (
      `${frames} frames sent, latest ${maxLateMs.toFixed(1)} ms behind schedule, ` +
      `${over40} more than 40 ms late`
    );
  }

  get idle(): boolean {
    return this.queue.length === 0 && !this.running;
  }

  enqueue(frames: Buffer[], mark?: string): void {
    for (const frame of frames) this.queue.push({ frame });
    if (mark !== undefined) this.queue.push({ mark });
    if (!this.running) void this.run();
  }

  clear(): void {
    this.generation++;
    this.queue = [];
    // What was sent ahead is dropped by the carrier too: the next run plays at once.
    this.nextDueMs = Math.min(this.nextDueMs, this.clock.now());
  }

  private async run(): Promise<void> {
    this.running = true;
    const generation = this.generation;
    const leadMs = this.options.leadMs ?? PACER_LEAD_MS;
    try {
      const holdUntil = this.clock.now() + MAX_HOLD_MS;
      while (this.options.holdStart?.() && this.clock.now() < holdUntil) {
        await this.clock.sleep(FRAME_MS);
        if (generation !== this.generation) break;
      }
      // A new run of speech starts now; a run that follows on without a gap keeps its schedule.
      this.nextDueMs = Math.max(this.nextDueMs, this.clock.now());
      while (this.queue.length > 0 && generation === this.generation) {
        const item = this.queue[0]!;
        if ('mark' in item) {
          this.queue.shift();
          this.sink.mark(item.mark);
          continue;
        }
        const wait = this.nextDueMs - leadMs - this.clock.now();
        if (wait > 0) await this.clock.sleep(wait);
        if (generation !== this.generation) break;
        this.queue.shift();
        const late = Math.max(0, this.clock.now() - this.nextDueMs);
        if (this.options.recordLateness) this.lateness.push(late);
        this.stats.frames++;
        this.stats.maxLateMs = Math.max(this.stats.maxLateMs, late);
        if (late > 40) this.stats.over40++;
        this.sink.media(item.frame, this.nextDueMs);
        this.nextDueMs += FRAME_MS;
      }
    } finally {
      this.running = false;
    }
    // Cleared while asleep: whatever was queued since belongs to a new run.
    if (this.queue.length > 0) void this.run();
  }
}
