import type { AgentAction, AgentContext } from '../../adapters/agent-brain';
import { actionsFor } from '../actions';
import { runLiveAction } from './run-action';
import { OUT_OF_CREDIT_LINE, OUT_OF_CREDIT_NOTICE_MS } from '../out-of-credit';
import type { CallEndedBy, CallRow } from '../types';
import { pickVoices, type LineVoice } from '../speak-line';
import { mediaStreamEnded, mediaStreamStarted, requestHangUp } from '../lifecycle';
import { openingNotice, recordOptOut } from '../rules';
import type { LineTurn } from '../../adapters/telephony';
import { CallRecording } from './call-recording';
import { saveRecording, writeLine } from './call-writes';
import { answerMachine } from './machine-detection';
import { InterruptionGate } from './interruption-gate';
import { interruptionRules, speechContext } from '../call-controls';
import { FramePacer } from './frame-pacer';
import { InboundClock } from './inbound-clock';
import { decodeMulaw } from './mulaw';
import { openStream } from './open-stream';
import { ReplyPlayer, type Heard, type Reply } from './reply-player';
import { endOfTurnSilenceMs, type EndOfTurnWindow } from './end-of-turn';
import type { TurnAudio, TurnDetection } from './turn-detector';
import { listen } from './listen';
import { keyPressLine, resumePoint } from './key-presses';
import type { TurnText } from './turn-text';
import { parseInboundFrame, type InboundFrame, type StartFrame } from './twilio-frames';
import type { ConversationDeps, StreamTransport } from './types';

const APOLOGY = "I'm sorry, something went wrong on our side. Goodbye.";

/** Callee audio this late (a frame and more behind) holds the agent's next speech back. */
const HOLD_BEHIND_MS = 40;

/**
 * The loop of one live call: callee audio → end of turn → recognizer → the agent's streamed
 * reply → speech → paced frames back, with barge-in, transcript lines of what was heard,
 * the mixed recording, max_duration and voicemail. It never finishes the call itself: it hangs
 * up through the carrier and notes why; the carrier's final callback finishes it (any instance).
 */
export class Conversation {
  private call: CallRow | null = null;
  private streamSid = '';
  private startedAtMs = 0;
  private detector!: TurnDetection;
  private gate!: InterruptionGate;
  private text!: TurnText;
  private window!: EndOfTurnWindow;
  private readonly pacer: FramePacer;
  private readonly inbound: InboundClock;
  private readonly player: ReplyPlayer;
  private recording: CallRecording | null = null;
  private voice: LineVoice = { engineVoice: undefined };
  private answeredBy: 'human' | 'voicemail' = 'human';
  private readonly turns: LineTurn[] = [];
  /** What the agent's first line opens with (AI and recording disclosures), read at the start. */
  private notice: string | null = null;
  private seq = 0;
  private pauses = 0;
  /**
   * The callee's latest turn until the agent's answer to it is first heard: should they speak
   * again before that, the answer is dropped and their next words join this turn.
   */
  private heard: { text: string; startMs: number; endMs: number } | null = null;
  private writes: Promise<void> = Promise.resolve();
  private turnWork: Promise<void> = Promise.resolve();
  /** Aborted when the stream ends: cancels every timer of the call (all on the clock). */
  private readonly stopped = new AbortController();
  private ending = false;
  private closed = false;
  private hungUp = false;
  /** An action the model called is running: its result, not the callee, starts the next reply. */
  private acting = false;
  private failure: string | undefined;

  constructor(
    private readonly deps: ConversationDeps,
    private readonly transport: StreamTransport,
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
  private after(ms: number, fn: () => void): void {
    const { signal } = this.stopped;
    void this.deps.clock.sleep(ms, signal).then(() => {
      if (!signal.aborted) fn();
    });
  }

  private elapsedMs(): number {
    return this.deps.clock.now() - this.startedAtMs;
  }

  async handleText(text: string): Promise<void> {
    const frame = parseInboundFrame(text);
    if (!frame) return this.transport.close(1007, 'not a media stream frame');
    await this.handleFrame(frame);
  }

  async handleFrame(frame: InboundFrame): Promise<void> {
    if (this.closed) return;
    switch (frame.event) {
      case 'start':
        if (!this.call) await this.start(frame);
        return;
      case 'media':
        if (this.call)
          this.onMedia(frame.media.timestamp, Buffer.from(frame.media.payload, 'base64'));
        return;
      case 'mark':
        if (frame.mark.name === 'apology') return this.hangUp('SYSTEM');
        if (frame.mark.name === 'out-of-credit') return this.hangUp('MAX_DURATION');
        return this.player.onMark(frame.mark.name);
      case 'stop':
        return this.onClosed();
      case 'dtmf':
        // A key the callee pressed answers like words: the agent stops and replies to it.
        return this.call ? this.onKeyPress(keyPressLine(frame)) : undefined;
      default:
        return;
    }
  }

  private async start(frame: StartFrame): Promise<void> {
    const opened = await openStream(this.deps, frame);
    if ('refused' in opened) return this.transport.close(1008, opened.refused);
    const call = opened.call;
    this.call = call;
    this.streamSid = frame.streamSid;
    // The stream came back after keys were pressed (press_digits): the conversation goes on.
    const resumed = await resumePoint(this.deps.db, call.id);
    this.turns.push(...(resumed?.turns ?? []));
    this.seq = resumed?.seq ?? 0;
    this.startedAtMs = this.deps.clock.now() - (resumed?.offsetMs ?? 0);
    this.deps.admission?.opened(call.id);
    this.gate = new InterruptionGate(interruptionRules(call));
    if (call.record) this.recording = new CallRecording();
    ({ window: this.window, detector: this.detector, text: this.text } = listen(this.deps, call));
    if (!call.carrierCallSid) {
      await mediaStreamStarted(this.deps, call.id, frame.start.callSid);
      this.call = { ...call, carrierCallSid: frame.start.callSid };
    }
    const pronunciation = call.speechControl?.pronunciation;
    this.voice = { ...(await pickVoices(this.deps, call.orgId, call.voice)).agent, pronunciation };
    this.notice = this.deps.rules ? await openingNotice(this.deps.db, this.deps.rules, call) : null;
    const limitMs = call.maxDuration * 60_000 - (resumed?.offsetMs ?? 0);
    // The wallet held less than max_duration: the callee hears why the call ends, then it does.
    if (call.cutByHold)
      this.after(Math.max(0, limitMs - OUT_OF_CREDIT_NOTICE_MS), () => void this.sayOutOfCredit());
    this.after(limitMs, () => void this.hangUp('MAX_DURATION'));
    if (resumed) return;
    // With machine detection, voicemail_action decides what a voicemail hears (machine-detection.ts).
    if (call.voicemail) void this.watchMachineDetection();
    if (!call.waitForGreeting) this.reply();
  }

  private onKeyPress(line: string | null): void {
    if (!line || this.ending) return;
    this.bargeIn();
    this.addLine('agent-action', line, this.elapsedMs(), 0);
    this.reply();
  }

  /** The agent's next reply; its first opens with the disclosures. */
  private reply(): void {
    if (this.acting) return;
    const first = !this.turns.some((turn) => turn.user === 'assistant');
    this.player.start(this.context(), first ? this.notice : null);
  }

  private context(): AgentContext {
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

  private onMedia(atMs: number, payload: Buffer): void {
    this.inbound.frame(atMs);
    const pcm = decodeMulaw(payload);
    this.recording?.add(atMs, pcm);
    const event = this.detector.push(pcm, atMs);
    this.text.audio(payload, this.detector.inSpeech || event?.kind === 'turn-end');
    // Barge-in: the callee talks over the agent, who stops within this frame (interruption-gate.ts).
    const voiced = this.detector.inSpeech && this.detector.silentMs === 0;
    if (this.gate.push(event, voiced, this.player.speaking) && !this.ending) this.bargeIn();
    if (!event || event.kind === 'speech-start') return;
    if (event.kind === 'pause') return void this.onPause(event);
    const keep = this.gate.keep();
    this.turnWork = this.turnWork.then(() => this.onTurn(event, keep));
  }

  /** A pause in the callee's turn: how its words read sets how much more silence ends it. */
  private async onPause(pause: TurnAudio & { silentMs: number }): Promise<void> {
    const seq = ++this.pauses;
    const text = await this.text.soFar(pause);
    // Spoke again meanwhile: this pause is over (a later one judges the new words).
    if (this.ending || this.closed || seq !== this.pauses) return;
    if (this.detector.silentMs < pause.silentMs) return;
    const ended = this.detector.endAfter(endOfTurnSilenceMs(text, this.window));
    const keep = this.gate.keep();
    if (ended) this.turnWork = this.turnWork.then(() => this.onTurn(ended, keep));
  }

  /** The answer to the callee's turn is being heard: the turn is theirs for good. */
  private commitHeard(): void {
    const heard = this.heard;
    if (!heard) return;
    this.heard = null;
    this.addLine('user', heard.text, heard.startMs, heard.endMs - heard.startMs);
  }

  /**
   * Stops the agent; the carrier drops what it still buffers. An answer not heard yet is
   * dropped whole (brain and synthesis cancelled, nothing played or written).
   */
  private bargeIn(): void {
    if (this.player.interrupt()) this.transport.send({ event: 'clear', streamSid: this.streamSid });
    this.recording?.cut(this.elapsedMs());
  }

  /** `keep` false: the turn only talked over the agent (interruption-gate.ts); not answered. */
  private async onTurn(turn: TurnAudio, keep = true): Promise<void> {
    if (this.ending || this.closed) return;
    let text: string;
    try {
      text = await this.text.final(turn);
    } catch (error) {
      return this.fail(`The speech recognizer failed: ${(error as Error).message}`);
    }
    if (this.ending || this.closed || !keep) return;
    const endMs = turn.startedAtMs + turn.durationMs;
    const before = this.heard;
    // No new words (a cough after a dropped answer): the turn still ends, the answer restarts.
    if (!text && !before) return;
    this.heard = before
      ? { text: `${before.text} ${text}`.trim(), startMs: before.startMs, endMs }
      : { text, startMs: turn.startedAtMs, endMs };
    // Still talking (a new turn began while this one was recognized): let them finish.
    if (!this.detector.inSpeech) this.reply();
  }

  /** `seen`: what the model reads for the line, when not its text (an action's result). */
  private addLine(
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
  private async optOut(): Promise<void> {
    const call = this.call;
    if (!call) return;
    await recordOptOut(this.deps.db, call, new Date(this.deps.clock.now())).catch(
      (error: unknown) => console.error(`call ${call.id}: could not record the opt-out:`, error),
    );
  }

  private onReplySettled(reply: Reply, heard: Heard) {
    if (heard.text) this.addLine('assistant', heard.text, heard.startMs, heard.durationMs);
    if (reply.action && !reply.interrupted && !reply.end) return void this.act(reply.action);
    if (reply.end && !reply.interrupted) void this.hangUp('ASSISTANT');
  }

  /** Runs the action the model called (see run-action.ts), then replies, leaves or hangs up. */
  private async act(action: AgentAction): Promise<void> {
    this.acting = true;
    const say = async (text: string) => {
      const ms = await this.player.speakFixed(text, 'action');
      this.addLine('assistant', text, this.elapsedMs(), ms);
    };
    const note = (line: string, result: string) =>
      this.addLine('agent-action', line, this.elapsedMs(), 0, result);
    const host = { deps: this.deps, call: this.call!, turns: this.turns, say, note };
    const next = await runLiveAction({ ...host, signal: this.stopped.signal }, action);
    this.acting = false;
    if (next === 'closed' || this.ending || this.closed) return;
    if (next === 'hangup') return void this.hangUp('ASSISTANT');
    if (next === 'leave') this.ending = true;
    else this.reply();
  }

  /** Machine detection's verdict (read from the row), then what voicemail_action says. */
  private async watchMachineDetection(): Promise<void> {
    const call = this.call!;
    const over = () => this.ending || this.closed;
    const plan = await answerMachine(this.deps, call, this.stopped.signal, over);
    if (plan === 'person' || plan === 'ignore') return;
    this.bargeIn();
    if (plan === 'hangup') return void this.hangUp('ASSISTANT');
    this.answeredBy = 'voicemail';
    // The message word for word (never cut: the call is ending), or one the agent words.
    if (plan.message) this.ending = true;
    this.player.start(this.context(), this.notice, plan.message ?? undefined);
  }

  /** A recognizer or agent failure: a short apology, then the call ends with the reason. */
  private async fail(message: string): Promise<void> {
    if (this.ending || this.closed || !this.call) return;
    console.error(`call ${this.call.id}: ${message}`);
    this.failure = message.slice(0, 300);
    this.bargeIn();
    this.ending = true;
    const spoken = await this.player.speakFixed(APOLOGY, 'apology').catch(() => 0);
    // The apology's mark ends the call; should it never come back, this does.
    this.after(spoken + 2_000, () => void this.hangUp('SYSTEM'));
  }

  /** The hold runs out: whatever the agent was saying stops, it says so, and the call ends. */
  private async sayOutOfCredit(): Promise<void> {
    if (this.ending || this.closed || !this.call) return;
    this.bargeIn();
    this.ending = true;
    await this.player.speakFixed(OUT_OF_CREDIT_LINE, 'out-of-credit').catch(() => 0);
  }

  private async hangUp(endedBy: CallEndedBy): Promise<void> {
    const call = this.call;
    if (!call || this.hungUp) return;
    this.hungUp = true;
    this.ending = true;
    const lifecycle = { db: this.deps.db, clock: this.deps.clock, provider: this.deps.carrier };
    await requestHangUp(lifecycle, call.id, {
      endedBy,
      ...(this.failure ? { errorMessage: this.failure } : {}),
    }).catch((error: unknown) => console.error(`call ${call.id}: could not hang up:`, error));
  }

  /** The stream ended (stop frame or socket closed): keep what was heard and the recording. */
  async onClosed(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stopped.abort();
    this.text?.close();
    this.player.interrupt();
    this.commitHeard();
    this.recording?.cut(this.elapsedMs());
    const call = this.call;
    if (!call) return;
    this.deps.admission?.closed(call.id);
    console.info(`call ${call.id}: media stream closed: ${this.pacer.describeStats()}`);
    await mediaStreamEnded(this.deps, call.id, this.elapsedMs()).catch((error: unknown) =>
      console.error(`call ${call.id}: stream end not noted:`, error),
    );
    await this.writes;
    if (this.recording) {
      await saveRecording(this.deps.db, call, this.recording.pcm()).catch((error: unknown) =>
        console.error(`call ${call.id}: recording not saved:`, error),
      );
    }
  }
}
