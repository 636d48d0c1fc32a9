import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TurnDetector, type TurnEvent } from '@/lib/calls/conversation/turn-detector';
import { VadVoicing } from '@/lib/calls/conversation/vad-voicing';
import { createSpeechEngine, type SpeechEngine } from '@/lib/adapters/speech-engine';
import { SileroVad, WINDOW_SAMPLES } from '@/lib/adapters/vad';

// Silero VAD (onnxruntime-node, the model from @ricky0123/vad-web) on our own synthesized speech
// at the phone's 8 kHz, and on silence and line noise.

let vad: SileroVad;
let engine: SpeechEngine;
beforeAll(async () => {
  vad = await SileroVad.load();
  engine = createSpeechEngine({ poolSize: 1 });
}, 30_000);
afterAll(async () => {
  await engine.close();
  await vad.close();
});

async function speech(text: string): Promise<Int16Array> {
  const parts: Buffer[] = [];
  for await (const chunk of engine.synthesize({ text, sampleRate: 8_000 })) parts.push(chunk.pcm);
  const pcm = Buffer.concat(parts);
  return new Int16Array(pcm.buffer, pcm.byteOffset, pcm.length / 2);
}

/** Low hiss, as an open phone line between words (about −60 dBFS). */
const hiss = (samples: number) =>
  Int16Array.from({ length: samples }, (_, i) => Math.round(30 * Math.sin(i * 12.9898) * 1.7));

async function probabilities(pcm: Int16Array, model = vad): Promise<number[]> {
  const stream = model.stream();
  const out: number[] = [];
  for (let o = 0; o + WINDOW_SAMPLES <= pcm.length; o += WINDOW_SAMPLES) {
    const window = Float32Array.from(pcm.subarray(o, o + WINDOW_SAMPLES), (s) => s / 32768);
    out.push(await stream.probability(window));
  }
  return out;
}

// Model runs and synthesis are CPU-bound: on a shared 2-core machine they take seconds.
describe('Silero VAD', { timeout: 30_000 }, () => {
  it('runs the model in a worker thread, judging exactly as on the main thread', async () => {
    // Off the event loop that carries every call's frames (issue 32); VAD_THREAD=main keeps it in.
    expect(vad.thread).toBe('worker');
    expect(vad.workerThreadId).toBeGreaterThan(0);
    const said = await speech('Could we move it to Friday morning instead?');
    const inWorker = await probabilities(said);
    const main = await SileroVad.load(undefined, { thread: 'main' });
    try {
      expect(main.workerThreadId).toBeNull();
      const onMain = await probabilities(said, main);
      expect(inWorker).toHaveLength(onMain.length);
      inWorker.forEach((p, i) => expect(p).toBeCloseTo(onMain[i]!, 5));
    } finally {
      await main.close();
    }
  });

  it('finds speech in synthesized speech and none in silence or hiss', async () => {
    const said = await probabilities(await speech('Yes, Tuesday at three works well for me.'));
    expect(said.filter((p) => p >= 0.5).length / said.length).toBeGreaterThan(0.6);
    const quiet = await probabilities(new Int16Array(8_000));
    expect(Math.max(...quiet)).toBeLessThan(0.2);
    const noise = await probabilities(hiss(8_000));
    expect(Math.max(...noise)).toBeLessThan(0.2);
  });

  it('judges the windows of calls side by side in shared model runs, each as it would alone', async () => {
    const lines = [
      await speech('Yes, Tuesday at three works well for me.'),
      await speech('I would like to move my appointment.'),
      hiss(8_000),
    ];
    const alone: number[][] = [];
    for (const pcm of lines) alone.push(await probabilities(pcm));
    const before = vad.stats;
    // Every window of three calls handed over at once, as a busy loop would: each stream still
    // judges its own in order (each needs the state the one before left).
    const together = await Promise.all(
      lines.map((pcm) => {
        const stream = vad.stream();
        const judged: Promise<number>[] = [];
        for (let o = 0; o + WINDOW_SAMPLES <= pcm.length; o += WINDOW_SAMPLES) {
          judged.push(
            stream.probability(
              Float32Array.from(pcm.subarray(o, o + WINDOW_SAMPLES), (s) => s / 32768),
            ),
          );
        }
        return Promise.all(judged);
      }),
    );
    for (const [i, line] of together.entries()) {
      expect(line).toHaveLength(alone[i]!.length);
      line.forEach((p, w) => expect(p).toBeCloseTo(alone[i]![w]!, 5));
    }
    const windows = alone.reduce((n, line) => n + line.length, 0);
    const runs = vad.stats.runs - before.runs;
    expect(vad.stats.windows - before.windows).toBe(windows);
    // One run per window of the longest call, not one per window.
    expect(runs).toBe(Math.max(...alone.map((line) => line.length)));
  });

  it('ends a turn of synthesized speech framed as the carrier sends it, and none on silence', async () => {
    const voicing = new VadVoicing(vad);
    const detector = new TurnDetector({ silenceMs: 500, voicing });
    const pcm = await speech('I would like to move my appointment to Friday, please.');
    const line = new Int16Array(8_000 + pcm.length + 8_000);
    line.set(pcm, 8_000);
    const events: TurnEvent[] = [];
    for (let o = 0, at = 0; o + 160 <= line.length; o += 160, at += 20) {
      const event = detector.push(line.subarray(o, o + 160), at);
      if (event) events.push(event);
      await voicing.settled();
    }
    expect(events.map((e) => e.kind)).toEqual(['speech-start', 'turn-end']);
    const end = events[1] as Extract<TurnEvent, { kind: 'turn-end' }>;
    // The turn starts within a window of the speech and holds (about) all of it.
    expect(end.startedAtMs).toBeGreaterThanOrEqual(1_000 - 300);
    expect(end.startedAtMs).toBeLessThan(1_000 + 100);
    expect(Math.abs(end.durationMs - pcm.length / 8)).toBeLessThan(400);

    const silent = new TurnDetector({ silenceMs: 500, voicing: new VadVoicing(vad) });
    const hissy = hiss(16_000);
    for (let o = 0; o + 160 <= hissy.length; o += 160)
      expect(silent.push(hissy.subarray(o, o + 160), o / 8)).toBeNull();
  });

  it('counts the silence from where the model heard it begin, not from when it said so', async () => {
    const pcm = await speech('Yes, that works for me.');
    const line = new Int16Array(4_000 + pcm.length + 8_000);
    line.set(pcm, 4_000);
    // Where the speech really ends: its last sample above the hiss floor.
    let last = line.length - 1;
    while (last > 0 && Math.abs(line[last]!) < 300) last--;
    const speechEndMs = last / 8;
    const silenceMs = 240;
    /** The stream time of the frame that ends the turn. */
    const endAt = async (voicing: VadVoicing, backdated: boolean) => {
      const detector = new TurnDetector({
        silenceMs,
        voicing: backdated ? voicing : { voiced: (frame) => voicing.voiced(frame) },
      });
      for (let o = 0, at = 20; o + 160 <= line.length; o += 160, at += 20) {
        const event = detector.push(line.subarray(o, o + 160), at);
        await voicing.settled();
        if (event?.kind === 'turn-end') return at;
      }
      throw new Error('no turn end');
    };
    const late = await endAt(new VadVoicing(vad), false);
    const backdated = await endAt(new VadVoicing(vad), true);
    // Never before the window has passed; at least a frame sooner than counting from the verdict.
    expect(backdated).toBeGreaterThanOrEqual(speechEndMs + silenceMs);
    expect(backdated).toBeLessThanOrEqual(late - 20);
  });
});
