import { decodeMulaw, mulawFrames } from '@/lib/calls/conversation/mulaw';
import type { SpeechEngine } from '@/lib/adapters/speech-engine';

/** μ-law bytes of one 20 ms frame at 8 kHz. */
export const FRAME_BYTES = 160;
/** RMS of a 16-bit frame that counts as speech (as the energy detector's default). */
const VOICED_RMS = 330;
/** Silence that ends a run of speech (a segment) for the stand-in. */
const RUN_END_MS = 60;

/** One run of the callee's speech as the stand-in replays it: its words and voiced length. */
export interface ScriptedSegment {
  text: string;
  /** Voiced audio (frames above the threshold) the words take: they are revealed in step. */
  voicedMs: number;
  /** Silence at the end of the engine's audio of it (after the last voiced frame). */
  trailingMs?: number;
}

/** Segments for `texts` as our engine says them (each text one run of speech, in order). */
export async function scriptOf(engine: SpeechEngine, texts: string[]): Promise<ScriptedSegment[]> {
  const script: ScriptedSegment[] = [];
  for (const text of texts) {
    const parts: Buffer[] = [];
    for await (const chunk of engine.synthesize({ text, sampleRate: 8_000 })) parts.push(chunk.pcm);
    const frames = mulawFrames(Buffer.concat(parts));
    const voiced = frames.filter(isVoiced).length;
    const last = frames.findLastIndex(isVoiced);
    script.push({ text, voicedMs: voiced * 20, trailingMs: (frames.length - 1 - last) * 20 });
  }
  return script;
}

function isVoiced(mulaw: Buffer): boolean {
  const pcm = decodeMulaw(mulaw);
  let sum = 0;
  for (const s of pcm) sum += s * s;
  return Math.sqrt(sum / pcm.length) >= VOICED_RMS;
}

/** What a hearing says, in the stand-in's neutral terms; each protocol words it its own way. */
export interface HearingOutput {
  /** The words of the current run so far (not yet final), every partial cadence. */
  partial(text: string): void;
  /** New final words (maybe none); `flush`: the answer to a flush request. */
  final(text: string, flush: boolean): void;
}

/**
 * One connection's replay of `script`, one segment per stretch of the callee's speech. A
 * segment's words are revealed in step with the voiced audio heard of it: a partial of the words
 * so far every `partialEveryMs` while speech goes on, and at each break in the speech (60 ms
 * below the energy threshold) a final of the new words, `finalDelayMs` after the last voiced
 * frame; at the end of the segment's audio, all of its words. `flush()` (the turn is over) is
 * answered with the pending final flagged `flush`, or at once with an empty one.
 */
export class ScriptedHearing {
  private readonly segments: ScriptedSegment[];
  private next = 0;
  /** The segment being said: its words, how many are final, how many voiced ms heard. */
  private segment: { words: string[]; voicedMs: number; final: number; heardMs: number } | null =
    null;
  private inRun = false;
  private lastVoicedAt = 0;
  private silentMs = 0;
  private partials: NodeJS.Timeout | undefined;
  private readonly pending: { timer: NodeJS.Timeout; text: string; flush: boolean }[] = [];

  constructor(
    script: ScriptedSegment[],
    private readonly settings: { partialEveryMs: number; finalDelayMs: number },
    private readonly out: HearingOutput,
  ) {
    this.segments = [...script];
  }

  /** Words heard so far: in step with the voiced audio, all of them once it is (nearly) all in. */
  private revealed(): number {
    const segment = this.segment;
    if (!segment) return 0;
    const share = segment.heardMs / Math.max(20, segment.voicedMs);
    return share >= 0.9 ? segment.words.length : Math.floor(share * segment.words.length);
  }

  private endRun(): void {
    this.inRun = false;
    clearInterval(this.partials);
    const segment = this.segment;
    if (!segment) return;
    const upTo = this.revealed();
    const text = segment.words.slice(segment.final, upTo).join(' ');
    segment.final = upTo;
    if (upTo >= segment.words.length) this.segment = null;
    const entry = { text, flush: false, timer: undefined as unknown as NodeJS.Timeout };
    const due = Math.max(0, this.lastVoicedAt + this.settings.finalDelayMs - performance.now());
    entry.timer = setTimeout(() => {
      this.pending.splice(this.pending.indexOf(entry), 1);
      this.out.final(entry.text, entry.flush);
    }, due);
    this.pending.push(entry);
  }

  /** One 20 ms μ-law frame of the callee's audio. */
  frame(mulaw: Buffer): void {
    if (!isVoiced(mulaw)) {
      this.silentMs += 20;
      if (this.inRun && this.silentMs >= RUN_END_MS) this.endRun();
      return;
    }
    this.lastVoicedAt = performance.now();
    this.silentMs = 0;
    if (!this.segment) {
      const next = this.segments[this.next++];
      if (next) {
        const words = next.text.split(/\s+/).filter(Boolean);
        this.segment = { words, voicedMs: next.voicedMs, final: 0, heardMs: 0 };
      }
    }
    if (this.segment) this.segment.heardMs += 20;
    if (this.inRun) return;
    this.inRun = true;
    this.partials = setInterval(() => {
      const segment = this.segment;
      if (!segment) return;
      const text = segment.words.slice(segment.final, this.revealed()).join(' ');
      if (text) this.out.partial(text);
    }, this.settings.partialEveryMs);
  }

  /** The turn is over: what the segment has not said yet is final now. */
  flush(): void {
    if (this.inRun) this.endRun();
    if (this.segment) {
      this.segment.heardMs = this.segment.voicedMs;
      this.endRun();
    }
    const last = this.pending.at(-1);
    if (last) last.flush = true;
    else this.out.final('', true);
  }

  close(): void {
    clearInterval(this.partials);
    for (const p of this.pending) clearTimeout(p.timer);
  }
}
