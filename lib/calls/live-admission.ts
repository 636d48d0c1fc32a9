import type { Clock } from '../platform/runtime/clock';

/** The event loop's figures admission reads (lib/platform/runtime/event-loop-health.ts). */
export interface LoopFigures {
  utilization: number;
  lagP99Ms: number;
}

export interface AdmissionSettings {
  /** Live calls this instance carries at most (LIVE_CALL_CAPACITY); null: no limit, no gate. */
  capacity: number | null;
}

/** What the instance says of its live calls (the health endpoint and the logs). */
export interface AdmissionStatus {
  liveCalls: number;
  /** Calls this instance dialled whose media stream has not opened yet (ringing). */
  ringing: number;
  capacity: number | null;
  eventLoopUtilization: number;
  eventLoopLagP99Ms: number;
  admitting: boolean;
  /** Why not, when not admitting. */
  reason?: 'at capacity' | 'event loop saturated';
}

/** A loop busier than this, or later than this, carries no more calls: theirs would be late. */
export const SATURATED_UTILIZATION = 0.9;
export const SATURATED_LAG_MS = 100;
/** A dialled call whose stream never opened here stops counting after this (no answer, or elsewhere). */
export const RINGING_MS = 60_000;

/**
 * Admission control for live calls on this instance: the calls it carries (media streams open
 * here, and calls it dialled that still ring) against LIVE_CALL_CAPACITY, and its event loop's
 * health. Above either, no new live call starts here: outbound calls stay queued for another
 * instance (or this one, later), and inbound calls can be turned away with canAdmitLiveCall().
 * Without a capacity the figures are kept and reported, and every call is admitted.
 */
export class LiveAdmission {
  private readonly live = new Set<string>();
  private readonly dialled = new Map<string, number>();
  private last: boolean | null = null;

  constructor(
    private readonly clock: Clock,
    private readonly loop: () => LoopFigures,
    private readonly settings: AdmissionSettings,
    private readonly log: (message: string) => void = (message) => console.warn(message),
  ) {}

  /** This instance dialled the call: it counts while it rings. */
  dialling(callId: string): void {
    this.dialled.set(callId, this.clock.now());
  }

  /** The call's media stream opened here. */
  opened(callId: string): void {
    this.dialled.delete(callId);
    this.live.add(callId);
  }

  /** The call's media stream closed here. */
  closed(callId: string): void {
    this.dialled.delete(callId);
    this.live.delete(callId);
  }

  private ringing(): number {
    const now = this.clock.now();
    for (const [callId, at] of this.dialled) if (now - at > RINGING_MS) this.dialled.delete(callId);
    return this.dialled.size;
  }

  status(): AdmissionStatus {
    const loop = this.loop();
    const { capacity } = this.settings;
    const ringing = this.ringing();
    const carried = this.live.size + ringing;
    const figures = {
      liveCalls: this.live.size,
      ringing,
      capacity,
      eventLoopUtilization: Math.round(loop.utilization * 1000) / 1000,
      eventLoopLagP99Ms: Math.round(loop.lagP99Ms),
    };
    if (capacity === null) return { ...figures, admitting: true };
    if (carried >= capacity) return { ...figures, admitting: false, reason: 'at capacity' };
    const saturated =
      loop.utilization >= SATURATED_UTILIZATION || loop.lagP99Ms >= SATURATED_LAG_MS;
    if (saturated) return { ...figures, admitting: false, reason: 'event loop saturated' };
    return { ...figures, admitting: true };
  }

  /** New live calls this instance may start now (Infinity without a capacity); logs changes. */
  room(): number {
    const status = this.status();
    this.note(status);
    if (!status.admitting) return 0;
    if (status.capacity === null) return Infinity;
    return status.capacity - status.liveCalls - status.ringing;
  }

  /** Whether one more live call may start on this instance now (an inbound call, say). */
  canAdmitLiveCall(): boolean {
    return this.room() > 0;
  }

  /** One log line when the instance stops or resumes admitting, with its figures. */
  private note(status: AdmissionStatus): void {
    if (this.last === status.admitting) return;
    const first = this.last === null;
    this.last = status.admitting;
    if (first && status.admitting) return;
    const figures =
      `${status.liveCalls} live, ${status.ringing} ringing, capacity ${status.capacity}, ` +
      `event loop ${Math.round(status.eventLoopUtilization * 100)} % busy, ` +
      `p99 lag ${status.eventLoopLagP99Ms} ms`;
    this.log(
      status.admitting
        ? `live calls: admitting again (${figures})`
        : `live calls: not admitting (${status.reason}: ${figures}); outbound calls wait in the queue`,
    );
  }
}
