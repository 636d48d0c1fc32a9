import type { Clock } from '../runtime/clock';
import { FRAME_MS } from './mulaw';

type Item = { frame: Buffer } | { mark: string };

export interface PacerSink {
  media(frame: Buffer): void;
  mark(name: string): void;
}

/**
 * Sends outbound audio in real time: frame n of a run of speech leaves at start + n × 20 ms of
 * the clock (an absolute schedule, so lateness never accumulates), each mark right after the
 * frames before it. clear() drops everything not yet sent, at once.
 */
export class FramePacer {
  private queue: Item[] = [];
  private nextDueMs = 0;
  private running = false;
  private generation = 0;
  /** How late each frame left against its schedule, when asked to keep them (tests). */
  lateness: number[] = [];
  /** Always kept: frames sent, the latest one's worst lateness, and how many were > 40 ms late. */
  readonly stats = { frames: 0, maxLateMs: 0, over40: 0 };

  constructor(
    private readonly clock: Clock,
    private readonly sink: PacerSink,
    private readonly recordLateness = false,
  ) {}

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
  }

  private async run(): Promise<void> {
    this.running = true;
    const generation = this.generation;
    // A new run of speech starts now; a run that follows on without a gap keeps its schedule.
    this.nextDueMs = Math.max(this.nextDueMs, this.clock.now());
    try {
      while (this.queue.length > 0 && generation === this.generation) {
        const item = this.queue[0]!;
        if ('mark' in item) {
          this.queue.shift();
          this.sink.mark(item.mark);
          continue;
        }
        const wait = this.nextDueMs - this.clock.now();
        if (wait > 0) await this.clock.sleep(wait);
        if (generation !== this.generation) break;
        this.queue.shift();
        const late = this.clock.now() - this.nextDueMs;
        if (this.recordLateness) this.lateness.push(late);
        this.stats.frames++;
        this.stats.maxLateMs = Math.max(this.stats.maxLateMs, late);
        if (late > 40) this.stats.over40++;
        this.sink.media(item.frame);
        this.nextDueMs += FRAME_MS;
      }
    } finally {
      this.running = false;
    }
    // Cleared while asleep: whatever was queued since belongs to a new run.
    if (this.queue.length > 0) void this.run();
  }
}
