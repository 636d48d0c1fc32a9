import {
  streamLine,
  type AgentAction,
  type AgentContext,
  type AgentDelta,
} from '../../adapters/agent-brain';
import type { LineVoice } from '../speak-line';
import { pronounce } from '../pronounce';
import type { FramePacer } from './frame-pacer';
import { FRAME_MS, mulawFrames } from './mulaw';
import { SentenceCutter } from './sentence-cutter';
import type { ConversationDeps } from './types';

/** One reply of the agent, from the first streamed piece to the last mark heard. */
export interface Reply {
  id: number;
  abort: AbortController;
  sentences: { text: string; ms: number; heard: boolean }[];
  /** The brain is done and every sentence is queued. */
  generated: boolean;
  /** The agent hangs up after it. */
  end: boolean;
  /** The action the model called at its end: run once the reply is heard out. */
  action?: AgentAction;
  interrupted: boolean;
  firstSentAtMs: number | null;
  settled: boolean;
}

export interface Heard {
  text: string;
  startMs: number;
  durationMs: number;
}

interface Hooks {
  voice(): LineVoice;
  /** The reply is over: heard out, or cut short (then only what was heard). */
  settled(reply: Reply, heard: Heard): void;
  failed(message: string): void;
  /** The brain heard an opt-out: honoured at once, before its confirmation is heard. */
  optedOut(): void;
}

const markName = (reply: number, sentence: number) => `r${reply}s${sentence}`;
const MARK = /^r(\d+)s(\d+)$/;

/**
 * Plays the agent's replies: the brain's stream is cut into sentences as it arrives, each
 * sentence synthesized at 8 kHz and queued as μ-law frames with a mark after it, so a mark
 * echoed back by the carrier says the callee heard that sentence.
 */
export class ReplyPlayer {
  private current: Reply | null = null;
  private nextId = 1;

  constructor(
    private readonly deps: ConversationDeps,
    private readonly pacer: FramePacer,
    private readonly hooks: Hooks,
  ) {}

  /**
   * Plays the brain's next reply; `opening` (the first line's disclosures) is said first.
   * `fixed` is said instead of the brain's words, and the agent hangs up after it (a voicemail).
   */
  start(context: AgentContext, opening: string | null = null, fixed?: string): void {
    this.interrupt();
    const reply: Reply = {
      id: this.nextId++,
      abort: new AbortController(),
      sentences: [],
      generated: false,
      end: false,
      interrupted: false,
      firstSentAtMs: null,
      settled: false,
    };
    this.current = reply;
    void this.run(reply, context, opening, fixed);
  }

  /** The callee hears the agent now: a reply's audio (or a fixed line's) has gone out. */
  get speaking(): boolean {
    return !this.pacer.idle || (this.current?.firstSentAtMs ?? null) !== null;
  }

  private async run(
    reply: Reply,
    context: AgentContext,
    opening: string | null,
    fixed?: string,
  ): Promise<void> {
    const { signal } = reply.abort;
    try {
      const cutter = new SentenceCutter();
      if (opening)
        for (const sentence of cutter.push(`${opening} `)) await this.speak(reply, sentence);
      const pieces: Iterable<AgentDelta> | AsyncIterable<AgentDelta> = fixed
        ? [{ text: fixed, end: true }]
        : streamLine(this.deps.brain, context, signal);
      for await (const delta of pieces) {
        if (signal.aborted) return;
        for (const sentence of cutter.push(delta.text)) await this.speak(reply, sentence);
        if (delta.end) reply.end = true;
        if (delta.action) reply.action = delta.action;
        if (delta.optOut) this.hooks.optedOut();
      }
      for (const sentence of cutter.flush()) await this.speak(reply, sentence);
      if (signal.aborted) return;
      reply.generated = true;
      this.settleIfHeard(reply);
    } catch (error) {
      if (signal.aborted) return;
      this.hooks.failed(`The agent failed: ${(error as Error).message}`);
    }
  }

  private async synthesize(text: string, signal?: AbortSignal): Promise<Buffer[]> {
    const voice = this.hooks.voice();
    const chunks: Buffer[] = [];
    for await (const chunk of this.deps.speech.synthesize({
      text: pronounce(text, voice.pronunciation),
      voice: voice.engineVoice,
      pitch: voice.pitch,
      speed: voice.speed,
      sampleRate: 8_000,
      signal,
    })) {
      chunks.push(chunk.pcm);
    }
    return mulawFrames(Buffer.concat(chunks));
  }

  private async speak(reply: Reply, text: string): Promise<void> {
    const frames = await this.synthesize(text, reply.abort.signal);
    if (reply.abort.signal.aborted || frames.length === 0) return;
    const index = reply.sentences.push({ text, ms: frames.length * FRAME_MS, heard: false }) - 1;
    this.pacer.enqueue(frames, markName(reply.id, index));
  }

  /** A fixed line outside any reply (the apology); resolves with its length in ms. */
  async speakFixed(text: string, mark: string): Promise<number> {
    const frames = await this.synthesize(text);
    this.pacer.enqueue(frames, mark);
    return frames.length * FRAME_MS;
  }

  onFrameSent(atMs: number): void {
    if (this.current && this.current.firstSentAtMs === null) this.current.firstSentAtMs = atMs;
  }

  onMark(name: string): void {
    const match = MARK.exec(name);
    const reply = this.current;
    // Marks of a reply that was cut short come back when the carrier clears them: not heard.
    if (!match || !reply || reply.id !== Number(match[1]) || reply.interrupted) return;
    const sentence = reply.sentences[Number(match[2])];
    if (sentence) sentence.heard = true;
    this.settleIfHeard(reply);
  }

  private settleIfHeard(reply: Reply): void {
    if (!reply.generated || reply.sentences.some((s) => !s.heard)) return;
    this.settle(reply);
  }

  private settle(reply: Reply): void {
    if (reply.settled) return;
    reply.settled = true;
    if (this.current === reply) this.current = null;
    const heard = reply.sentences.filter((s) => s.heard);
    this.hooks.settled(reply, {
      text: heard.map((s) => s.text).join(' '),
      startMs: reply.firstSentAtMs ?? 0,
      durationMs: heard.reduce((ms, s) => ms + s.ms, 0),
    });
  }

  /**
   * Stops the current reply at once: the brain's stream and synthesis are cancelled and queued
   * frames dropped. True when audio had been queued, so the carrier's buffer needs a `clear`.
   */
  interrupt(): boolean {
    const queued = !this.pacer.idle;
    this.pacer.clear();
    const reply = this.current;
    if (!reply) return queued;
    reply.interrupted = true;
    reply.abort.abort();
    this.settle(reply);
    return queued || reply.sentences.some((s) => !s.heard);
  }
}
