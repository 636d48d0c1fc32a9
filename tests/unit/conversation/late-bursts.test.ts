import { describe, expect, it } from 'vitest';
import { TurnDetector, type TurnEvent } from '@/lib/calls/conversation/turn-detector';
import { VadVoicing } from '@/lib/calls/conversation/vad-voicing';
import { endOfTurnSilenceMs } from '@/lib/calls/conversation/end-of-turn';
import { FramePacer, MAX_HOLD_MS } from '@/lib/calls/conversation/frame-pacer';
import { FINAL_WAIT_MS, StreamingTurnText } from '@/lib/calls/conversation/streaming-turn-text';
import { fakeStreaming } from '../../support/fake-streaming';
import { liveCallsOnOwnDatabase, mediaFrames } from '../../support/live-call';
import { settle, virtualClock } from '../../support/virtual-clock';

// Turn decisions on the stream's own timeline when the loop is behind: frames handed over in
// late bursts while the voice-activity model's judgements wait, as on a busy machine. What ends
// a turn is the audio, never how late its frames or judgements were.

/** A model whose judgements wait until the test releases them (speech: a loud-enough window). */
function laggingVad() {
  const waiting: (() => void)[] = [];
  const vad = {
    stream: () => ({
      probability: (window: Float32Array) =>
        new Promise<number>((resolve) => {
          let sum = 0;
          for (const s of window) sum += (s * 32768) ** 2;
          const rms = Math.sqrt(sum / window.length);
          waiting.push(() => resolve(rms >= 100 ? 0.9 : 0.05));
        }),
    }),
  };
  return {
    vad,
    /** The model judges the windows waiting now; the line's silence after them needs no model. */
    async judgeWaiting() {
      await new Promise((resolve) => setImmediate(resolve));
      while (waiting.length > 0) waiting.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    },
    /** The model catches up with every window handed over so far. */
    async catchUp() {
      // Each stream's windows are judged in order: the next is asked once the one before is in.
      for (;;) {
        await new Promise((resolve) => setImmediate(resolve));
        if (waiting.length === 0) return;
        while (waiting.length > 0) waiting.shift()!();
      }
    },
  };
}

const frame = (amplitude: number) =>
  Int16Array.from({ length: 160 }, (_, i) => Math.round(amplitude * Math.sin(i / 3)));
/** Loud speech (above the energy detector's threshold), a quiet syllable, the line's silence. */
const LOUD = frame(3000);
const SOFT = frame(250);
const SILENT = frame(0);

function detector(lagging: ReturnType<typeof laggingVad>) {
  const voicing = new VadVoicing(lagging.vad);
  const turns = new TurnDetector({ silenceMs: 800, minSilenceMs: 200, voicing });
  let at = 0;
  const events: (TurnEvent & { atMs: number })[] = [];
  const push = (pcm: Int16Array, frames: number) => {
    for (let i = 0; i < frames; i++, at += 20) {
      const event = turns.push(pcm, at);
      if (event) events.push({ ...event, atMs: at });
    }
  };
  return { turns, events, push, voicing };
}

describe('turns judged on media time, frames in late bursts', () => {
  it('does not cut in when the callee resumes after a pause the model judged late', async () => {
    const lagging = laggingVad();
    const { events, push } = detector(lagging);
    // "I'd like to": judged as it comes.
    for (let i = 0; i < 30; i++) {
      push(LOUD, 1);
      await lagging.catchUp();
    }
    // A 500 ms pause and the resumed words arrive in one late burst, the model behind.
    push(SILENT, 25);
    push(LOUD, 16);
    // The pause is judged (silence needs no model) before the resumed words' windows...
    await lagging.judgeWaiting();
    // ...and the next frames include soft syllables of the same sentence.
    push(SOFT, 2);
    push(LOUD, 20);
    await lagging.catchUp();
    push(LOUD, 10);
    const cut = events.find((e) => e.kind === 'turn-end');
    expect(cut).toBeUndefined();
  });

  it('ends the turn on the frame that completes the window of silence, judged late', async () => {
    const lagging = laggingVad();
    const { events, push, turns } = detector(lagging);
    for (let i = 0; i < 40; i++) {
      push(LOUD, 1);
      await lagging.catchUp();
    }
    // 900 ms of silence in one burst, the model still behind: nothing ends yet...
    push(SILENT, 45);
    expect(events.filter((e) => e.kind === 'turn-end')).toHaveLength(0);
    await lagging.catchUp();
    // ...and the first frame after the model has caught up ends the turn, speech only.
    push(SILENT, 1);
    const ended = events.find((e) => e.kind === 'turn-end');
    expect(ended).toBeDefined();
    expect(ended!.kind === 'turn-end' && ended!.durationMs).toBeLessThanOrEqual(40 * 20 + 40);
    expect(turns.inSpeech).toBe(false);
  });
});

describe('a final that comes after its turn was given up on', () => {
  it('is not read as the words of the next turn', async () => {
    const clock = virtualClock(0);
    const streaming = fakeStreaming([]);
    streaming.state.answer = false;
    const recognizer = {
      kind: 'upstream' as const,
      description: 'whole turns',
      transcribe: () => Promise.resolve('Yes, that works for me.'),
    };
    const text = new StreamingTurnText({
      streaming: streaming.recognizer,
      recognizer,
      clock,
      language: null,
      log: () => undefined,
    });
    await settle();
    const turn = { audio: Buffer.alloc(3_200), startedAtMs: 0, durationMs: 100 };
    text.audio(Buffer.alloc(160), true);
    const final = text.final(turn);
    await clock.advance(FINAL_WAIT_MS);
    expect(await final).toBe('Yes, that works for me.');
    // The stream's answer arrives late, as the callee starts "I'd like to … move it to Friday."
    streaming.state.handlers!.transcript({
      text: 'Yes, that works for me.',
      final: true,
      flushed: true,
    });
    const next = { audio: Buffer.alloc(3_200), startedAtMs: 2_000, durationMs: 100 };
    // Read finished, the old words would end this turn in the short window: a cut mid-sentence.
    expect(await text.soFar(next)).toBe('');
    expect(endOfTurnSilenceMs(await text.soFar(next), { minMs: 200, maxMs: 800 })).toBe(800);
    streaming.emit("I'd like to", false);
    expect(await text.soFar(next)).toBe("I'd like to");
  });
});

describe('a live call whose frames come in late bursts', () => {
  const liveCall = liveCallsOnOwnDatabase();

  it('neither cuts into a pause nor misses the end of the turn', async () => {
    const call = await liveCall({
      replies: ['Hello.', 'Friday it is.'],
      heard: ["I'd like to", "I'd like to move it to Friday."],
      body: { end_of_turn: { min_ms: 200, max_ms: 800 } },
      thinkMs: 150,
    });
    await call.until(async () => (await call.lines()).length === 1);
    const greeting = mediaFrames(call);
    await call.speak(600);
    // A 600 ms pause and the rest of the sentence reach the loop 1.4 s late, all at once.
    await call.burst([
      { speech: false, ms: 600 },
      { speech: true, ms: 800 },
    ]);
    expect(mediaFrames(call)).toBe(greeting);
    // The turn's end (800 ms of silence) comes late too: judged as the audio it is.
    const spokeUntil = call.clock.now();
    await call.burst([{ speech: false, ms: 1_000 }]);
    await call.until(() => mediaFrames(call) > greeting, 2_000);
    // Answered once the window's silence was heard, plus the agent's own 150 ms: not later.
    expect(call.mediaSentAt[greeting]! - spokeUntil).toBeLessThanOrEqual(1_000 + 150 + 60);
    await call.until(async () => (await call.lines()).length === 3);
    expect((await call.lines())[1]).toEqual(['user', "I'd like to move it to Friday."]);
  });

  it('holds the answer while the callee is late, and drops it when they went on', async () => {
    const call = await liveCall({
      replies: ['Hello.', 'Friday at ten, noted.'],
      heard: ['Yes.', 'Friday at ten would suit me.'],
      body: { end_of_turn: { min_ms: 200, max_ms: 800 } },
      thinkMs: 100,
    });
    await call.until(async () => (await call.lines()).length === 1);
    const greeting = mediaFrames(call);
    await call.speak(400);
    // "Yes." reads finished: after 200 ms of silence the answer is asked for (100 ms to think).
    await call.run(200);
    // The callee went on 100 ms later, but those frames reach the loop 400 ms late, at once:
    // the answer, ready meanwhile, was not played into their words.
    await call.burst([
      { speech: false, ms: 100 },
      { speech: true, ms: 300 },
    ]);
    expect(mediaFrames(call)).toBe(greeting);
    await call.speak(500);
    await call.until(async () => (await call.lines()).length === 3);
    expect(await call.lines()).toEqual([
      ['assistant', 'Hello.'],
      ['user', 'Yes. Friday at ten would suit me.'],
      ['assistant', 'Friday at ten, noted.'],
    ]);
  });
});

describe('the pacer held back by late callee audio', () => {
  it('starts anyway after 400 ms, on a fresh schedule', async () => {
    const clock = virtualClock(0);
    const sent: number[] = [];
    const pacer = new FramePacer(
      clock,
      { media: () => sent.push(clock.now()), mark: () => undefined },
      { holdStart: () => true, leadMs: 0 },
    );
    pacer.enqueue([Buffer.alloc(160), Buffer.alloc(160)]);
    await clock.advance(MAX_HOLD_MS - 20);
    expect(sent).toEqual([]);
    await clock.advance(60);
    expect(sent).toEqual([MAX_HOLD_MS, MAX_HOLD_MS + 20]);
    expect(pacer.stats.maxLateMs).toBe(0);
  });
});
