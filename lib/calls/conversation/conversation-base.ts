import type { AgentContext } from '../../adapters/agent-brain';
import type { LineTurn } from '../../adapters/telephony';
import { actionsFor } from '../actions';
import { speechContext } from '../call-controls';
import { recordOptOut } from '../rules';
import type { LineVoice } from '../speak-line';
import type { CallRow } from '../types';
import type { CallRecording } from './call-recording';
import { writeLine } from './call-writes';
import type { EndOfTurnWindow } from './end-of-turn';
import { FramePacer } from './frame-pacer';
import { InboundClock } from './inbound-clock';
import type { InterruptionGate } from './interruption-gate';
import { decodeMulaw } from './mulaw';
import { ReplyPlayer, type Heard, type Reply } from './reply-player';
import type { TurnDetection } from './turn-detector';
import type { TurnText } from './turn-text';
import type { ConversationDeps, StreamTransport } from './types';

/** Callee audio this late (a frame and more behind) holds the agent's next speech back. */
const HOLD_BEHIND_MS = 40;

/**
 * What one live call's loop holds and shares between its handlers (conversation.ts): the stream,
 * the turn detection, the reply player with its paced frames, the transcript written in order,
 * the recording, and the flags of how far the call's end has come.
 */
export abstract class ConversationBase {
  protected call: CallRow | null = null;
  protected streamSid = '';
  protected startedAtMs = 0;
  protected detector!: TurnDetection;
  protected gate!: InterruptionGate;
  protected text!: TurnText;
  protected window!: EndOfTurnWindow;
  protected readonly pacer: FramePacer;
  protected readonly inbound: InboundClock;
  protected readonly player: ReplyPlayer;
  protected recording: CallRecording | null = null;
  protected voice: LineVoice = { engineVoice: undefined };
  protected answeredBy: 'human' | 'voicemail' = 'human';
  protected readonly turns: LineTurn[] = [];
  /** What the agent's first line opens with (AI and recording disclosures), read at the start. */
  protected notice: string | null = null;
  protected seq = 0;
  protected pauses = 0;
  /**
   * The callee's latest turn until the agent's answer to it is first heard: should they speak
   * again before that, the answer is dropped and their next words join this turn.
   */
  protected heard: { text: string; startMs: number; endMs: number } | null = null;
  protected writes: Promise<void> = Promise.resolve();
  protected turnWork: Promise<void> = Promise.resolve();
  /** Aborted when the stream ends: cancels every timer of the call (all on the clock). */
  protected readonly stopped = new AbortController();
  protected ending = false;
  protected closed = false;
  protected hungUp = false;
  /** An action the model called is running: its result, not the callee, starts the next reply. */
  protected acting = false;
  protected failure: string | undefined;

  constructor(
    protected readonly deps: ConversationDeps,
    protected readonly transport: StreamTransport,
  ) {
    this.inbound = new InboundClock(deps.clock);
    // The agent starts no speech while the callee's audio up to now waits unheard in a queue.
    const holdStart = () => this.inbound.behindMs() > HOLD_BEHIND_MS;
    this.pacer = new FramePacer(
      deps.clock,
      {
        media: (frame, playAtMs) => {
          // Frames leave ahead of their play time: the recording and transcript follow the callee's ear.
          const atMs = playAtMs - this.startedAtMs;
          this.recording?.addAhead(atMs, decodeMulaw(frame), this.elapsedMs());
          this.player.onFrameSent(atMs);
          this.commitHeard();
          this.transport.send({
            event: 'media',
            streamSid: this.streamSid,
            media: { payload: frame.toString('base64') },
          });
        },
        mark: (name) =>
          this.transport.send({ event: 'mark', streamSid: this.streamSid, mark: { name } }),
      },
      { holdStart },
    );
    this.player = new ReplyPlayer(deps, this.pacer, {
      voice: () => this.voice,
      settled: (reply, heard) => this.onReplySettled(reply, heard),
      failed: (message) => this.fail(message),
      optedOut: () => void this.optOut(),
    });
  }

  /** Runs `fn` after `ms` on the clock, unless the stream ended first. */
  protected after(ms: number, fn: () => void): void {
    const { signal } = this.stopped;
    void this.deps.clock.sleep(ms, signal).then(() => {
      if (!signal.aborted) fn();
    });
  }

  /** The reply settled (heard or cut); what happens next is the conversation's (conversation.ts). */
  protected abstract onReplySettled(reply: Reply, heard: Heard): void;
  /** A recognizer or agent failure ends the call with an apology (conversation.ts). */
  protected abstract fail(message: string): Promise<void>;

  protected elapsedMs(): number {
    return this.deps.clock.now() - this.startedAtMs;
  }

  /** The agent's next reply; its first opens with the disclosures. */
  protected reply(): void {
    if (this.acting) return;
    const first = !this.turns.some((turn) => turn.user === 'assistant');
    this.player.start(this.context(), first ? this.notice : null);
  }

  protected context(): AgentContext {
    const call = this.call!;
    return {
      task: call.task,
      firstSentence: call.firstSentence,
      voice: call.voice,
      language: call.language,
      answeredBy: this.answeredBy,
      ...speechContext(call),
      actions: actionsFor(call),
      turns: this.heard
        ? [...this.turns, { user: 'user', text: this.heard.text }]
        : [...this.turns],
    };
  }

  /** The answer to the callee's turn is being heard: the turn is theirs for good. */
  protected commitHeard(): void {
    const heard = this.heard;
    if (!heard) return;
    this.heard = null;
    this.addLine('user', heard.text, heard.startMs, heard.endMs - heard.startMs);
  }

  /**
   * Stops the agent; the carrier drops what it still buffers. An answer not heard yet is
   * dropped whole (brain and synthesis cancelled, nothing played or written).
   */
  protected bargeIn(): void {
    if (this.player.interrupt()) this.transport.send({ event: 'clear', streamSid: this.streamSid });
    this.recording?.cut(this.elapsedMs());
  }

  /** `seen`: what the model reads for the line, when not its text (an action's result). */
  protected addLine(
    user: LineTurn['user'],
    text: string,
    startMs: number,
    durationMs: number,
    seen = text,
  ) {
    const call = this.call!;
    this.turns.push({ user, text: seen });
    const line = { seq: this.seq++, user, text, startMs, durationMs };
    // Stamped with when the line began on the call, not when it was written.
    const now = new Date(this.startedAtMs + startMs);
    this.writes = this.writes
      .then(() => writeLine(this.deps.db, call.id, line, now))
      .catch((error: unknown) => console.error(`call ${call.id}: transcript write failed:`, error));
  }

  /** The callee asked not to be called again: their number is listed with this call. */
  protected async optOut(): Promise<void> {
    const call = this.call;
    if (!call) return;
    await recordOptOut(this.deps.db, call, new Date(this.deps.clock.now())).catch(
      (error: unknown) => console.error(`call ${call.id}: could not record the opt-out:`, error),
    );
  }
}
