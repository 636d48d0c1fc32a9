import type { AgentAction } from '../../adapters/agent-brain';
import { runLiveAction } from './run-action';
import { OUT_OF_CREDIT_LINE, OUT_OF_CREDIT_NOTICE_MS } from '../out-of-credit';
import type { CallEndedBy } from '../types';
import { pickVoices } from '../speak-line';
import { mediaStreamEnded, mediaStreamStarted, requestHangUp } from '../lifecycle';
import { openingNotice } from '../rules';
import { CallRecording } from './call-recording';
import { saveRecording } from './call-writes';
import { answerMachine } from './machine-detection';
import { InterruptionGate } from './interruption-gate';
import { interruptionRules } from '../call-controls';
import { decodeMulaw } from './mulaw';
import { openStream } from './open-stream';
import type { Heard, Reply } from './reply-player';
import { endOfTurnSilenceMs } from './end-of-turn';
import type { TurnAudio } from './turn-detector';
import { listen } from './listen';
import { keyPressLine, resumePoint } from './key-presses';
import { parseInboundFrame, type InboundFrame, type StartFrame } from './twilio-frames';
import { ConversationBase } from './conversation-base';

const APOLOGY = "I'm sorry, something went wrong on our side. Goodbye.";

/**
 * The loop of one live call: callee audio → end of turn → recognizer → the agent's streamed
 * reply → speech → paced frames back, with barge-in, transcript lines of what was heard,
 * the mixed recording, max_duration and voicemail. It never finishes the call itself: it hangs
 * up through the carrier and notes why; the carrier's final callback finishes it (any instance).
 * What it holds, and the helpers its handlers share, are in conversation-base.ts.
 */
export class Conversation extends ConversationBase {
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
    // A stream opened again is a recording segment of its own, from where the call stands.
    if (call.record) this.recording = new CallRecording(resumed?.offsetMs ?? 0);
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

  protected onReplySettled(reply: Reply, heard: Heard) {
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
  protected async fail(message: string): Promise<void> {
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
