import { randomUUID } from 'node:crypto';
import { ApiError } from '../platform/errors/api-error';
import { asApiError, OUTAGE_RETRY_AFTER_SECONDS } from '../platform/errors/dependency-errors';
import type { SpendingKey } from '../wallet';
import type { SpeechSlot } from './slots';
import { resolveVoice } from './voices';
import type { AudioFormat } from './audio-format';
import { ClientFrame, type ServerFrame } from './socket-frames';
import { startSpeech, takeSlot } from './start-speech';
import type { SpeechDeps } from './types';

/** What a session needs of its socket; the WebSocket glue lives in lib/ws. */
export interface SessionIO {
  sendJson(frame: ServerFrame): void;
  sendBinary(data: Buffer): void;
  close(code: number, reason: string): void;
}

export const IDLE_TIMEOUT_MS = 60_000;

type EndReason = 'cancelled' | 'preempted';

interface Utterance {
  contextId: string;
  text: string;
}

/**
 * One /v2/tts/ws connection. `init` takes one of the org's concurrency slots and holds it, idle
 * time included, until the socket closes (renewed by heartbeat, so a crashed process's slot
 * frees within one lease). Each `speak` is an utterance, billed like an HTTP generation; a
 * `speak` with a new context_id pre-empts the current utterance, `cancel` stops it (what was
 * spoken is paid for).
 */
export class TtsSession {
  readonly sessionId = randomUUID();
  private slot: SpeechSlot | undefined;
  private stopKeepAlive: (() => void) | undefined;
  private voice = '';
  private format: AudioFormat = { container: 'raw', encoding: 'pcm_s16le', sampleRate: 24000 };
  private speed: number | undefined;
  private readonly queue: Utterance[] = [];
  private current: { contextId: string; controller: AbortController } | undefined;
  private processing = false;
  private closed = false;
  /** Activity moves this on; one sleep on the clock watches it (cancelled on close). */
  private lastActivityMs = 0;
  private readonly closing = new AbortController();

  constructor(
    private readonly deps: SpeechDeps,
    private readonly orgId: string,
    private readonly io: SessionIO,
    /** The API key that opened the socket: named on the ledger, its monthly cap applies. */
    private readonly key: SpendingKey | null = null,
    private readonly idleMs = IDLE_TIMEOUT_MS,
  ) {
    this.touch();
    void this.watchIdle();
  }

  async handleText(raw: string): Promise<void> {
    this.touch();
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return this.error('invalid_message', 'Frames must be JSON objects.');
    }
    const parsed = ClientFrame.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.join('.');
      return this.error(
        'invalid_message',
        `${where ? `${where}: ` : ''}${issue?.message ?? 'invalid frame'}`,
      );
    }
    const frame = parsed.data;
    if (frame.type === 'init') return this.init(frame);
    if (!this.slot) return this.error('not_initialized', 'Send init first.');
    if (frame.type === 'speak')
      return this.speak({ contextId: frame.context_id, text: frame.text });
    if (frame.type === 'cancel') return this.cancel('cancelled');
    if (frame.type === 'close') {
      this.cancel('cancelled');
      this.io.sendJson({ type: 'done' });
      this.io.close(1000, 'closed by client');
    }
    // end_of_turn: the client has no more text for this turn; what is queued is still spoken.
  }

  /** The socket is gone, whoever closed it: stop speaking and give the slot back. */
  async onClosed(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.closing.abort();
    this.cancel('cancelled');
    this.stopKeepAlive?.();
    await this.slot?.release();
  }

  /**
   * A frame's handling failed unexpectedly: the client gets an `error` frame first, then the
   * close. A store or database outage says so (try again later, 1013); anything else is 1011.
   */
  failed(error: unknown): void {
    const apiError = asApiError(error, () => new ApiError('INTERNAL_ERROR'));
    const outage = apiError.code === 'SERVICE_UNAVAILABLE';
    this.io.sendJson({
      type: 'error',
      code: apiError.code.toLowerCase(),
      message: apiError.message,
      ...(outage ? { retry_after: OUTAGE_RETRY_AFTER_SECONDS } : {}),
    });
    this.io.close(outage ? 1013 : 1011, outage ? 'service unavailable' : 'internal error');
  }

  binaryRejected(): void {
    this.error('invalid_message', 'Binary frames are not accepted; send JSON text frames.');
  }

  private async init(frame: Extract<ClientFrame, { type: 'init' }>): Promise<void> {
    if (this.slot) return this.error('already_initialized', 'This session is already initialized.');
    try {
      await resolveVoice(this.deps, this.orgId, frame.voice);
      const slot = await takeSlot(this.deps, this.orgId, 'session');
      if (this.closed) {
        await slot.release();
        return;
      }
      this.slot = slot;
      this.stopKeepAlive = slot.keepAlive(undefined, () => {
        // Another holder took the slot after a renewal failed: this session may not go on.
        this.error('slot_lost', 'The concurrency slot of this session expired.');
        this.io.close(1011, 'slot lost');
      });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'CONCURRENCY_LIMIT_REACHED') {
        this.io.sendJson({
          type: 'error',
          code: 'rate_limited',
          kind: 'rate_limited',
          message: error.message,
          limit: error.limit,
          retry_after: Number(error.headers['Retry-After'] ?? 1),
        });
        this.io.close(1013, 'concurrency limit reached');
        return;
      }
      if (error instanceof ApiError) {
        this.error(error.code.toLowerCase(), error.message);
        this.io.close(1008, error.code.toLowerCase());
        return;
      }
      throw error;
    }
    this.voice = frame.voice;
    this.format = {
      container: 'raw',
      encoding: frame.audio?.encoding ?? 'pcm_s16le',
      sampleRate: frame.audio?.sample_rate ?? 24000,
    };
    this.speed = frame.controls?.speed;
    this.io.sendJson({
      type: 'ready',
      session_id: this.sessionId,
      encoding: this.format.encoding,
      sample_rate: this.format.sampleRate,
    });
  }

  private speak(utterance: Utterance): void {
    if (this.current && this.current.contextId !== utterance.contextId) {
      // A new context pre-empts: drop what the old one still had queued.
      this.queue.splice(
        0,
        this.queue.length,
        ...this.queue.filter((u) => u.contextId === utterance.contextId),
      );
      this.current.controller.abort('preempted' satisfies EndReason);
    }
    this.queue.push(utterance);
    if (!this.processing) void this.drain();
  }

  private cancel(reason: EndReason): void {
    this.queue.length = 0;
    this.current?.controller.abort(reason);
  }

  private async drain(): Promise<void> {
    this.processing = true;
    try {
      for (let next = this.queue.shift(); next && !this.closed; next = this.queue.shift()) {
        await this.play(next);
      }
    } finally {
      this.processing = false;
    }
  }

  private async play(utterance: Utterance): Promise<void> {
    const controller = new AbortController();
    this.current = { contextId: utterance.contextId, controller };
    this.io.sendJson({ type: 'utterance_start', context_id: utterance.contextId });
    let reason: 'complete' | 'cancelled' | 'preempted' | 'error' = 'complete';
    try {
      const speech = await startSpeech(
        this.deps,
        {
          orgId: this.orgId,
          text: utterance.text,
          voice: this.voice,
          format: this.format,
          speed: this.speed,
          signal: controller.signal,
          key: this.key,
        },
        this.slot,
      );
      for await (const audio of speech.audio) {
        if (this.closed) break;
        this.io.sendBinary(audio);
        this.touch();
      }
    } catch (error) {
      if (controller.signal.aborted) {
        reason = controller.signal.reason === 'preempted' ? 'preempted' : 'cancelled';
      } else {
        reason = 'error';
        const failure = asApiError(error, () => new ApiError('SPEECH_FAILED'));
        this.error(failure.code.toLowerCase(), failure.message);
      }
    } finally {
      this.current = undefined;
    }
    if (controller.signal.aborted && reason === 'complete') {
      reason = controller.signal.reason === 'preempted' ? 'preempted' : 'cancelled';
    }
    if (!this.closed)
      this.io.sendJson({ type: 'utterance_end', context_id: utterance.contextId, reason });
  }

  private error(code: string, message: string): void {
    this.io.sendJson({ type: 'error', code, message });
  }

  /** Any frame, or audio going out, is activity. */
  private touch(): void {
    this.lastActivityMs = this.deps.clock.now();
  }

  /** A quiet, idle session is closed; one speaking is not, however long it speaks. */
  private async watchIdle(): Promise<void> {
    const { clock } = this.deps;
    const signal = this.closing.signal;
    for (;;) {
      await clock.sleep(this.lastActivityMs + this.idleMs - clock.now(), signal);
      if (signal.aborted || this.closed) return;
      if (this.current) this.touch();
      if (clock.now() - this.lastActivityMs < this.idleMs) continue;
      this.error('idle_timeout', `No activity for ${this.idleMs / 1000} seconds.`);
      this.io.close(1000, 'idle timeout');
      return;
    }
  }
}
