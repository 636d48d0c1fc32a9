import { describe, expect, it } from 'vitest';
import { CallRecording } from '@/lib/calls/conversation/call-recording';
import { FramePacer } from '@/lib/calls/conversation/frame-pacer';
import { decodeMulaw, mulawFrames } from '@/lib/calls/conversation/mulaw';
import { SentenceCutter } from '@/lib/calls/conversation/sentence-cutter';
import { TurnDetector, type TurnEvent } from '@/lib/calls/conversation/turn-detector';
import { parseInboundFrame } from '@/lib/calls/conversation/twilio-frames';
import { virtualClock } from '../../support/virtual-clock';

const frame = (amplitude: number) =>
  Int16Array.from({ length: 160 }, (_, i) => Math.round(amplitude * Math.sin(i / 3)));

describe('turn detection', () => {
  const feed = (detector: TurnDetector, frames: Int16Array[], from = 0) =>
    frames.map((f, i) => detector.push(f, from + i * 20)).filter((e): e is TurnEvent => e !== null);

  it('starts speech after two voiced frames and ends the turn after the silence window', () => {
    const detector = new TurnDetector({ silenceMs: 500 });
    const speech = Array.from({ length: 30 }, () => frame(8000));
    const silence = Array.from({ length: 30 }, () => frame(0));
    const events = feed(detector, [...silence.slice(0, 10), ...speech, ...silence]);
    expect(events.map((e) => e.kind)).toEqual(['speech-start', 'turn-end']);
    const end = events[1] as Extract<TurnEvent, { kind: 'turn-end' }>;
    // 30 voiced frames plus up to 200 ms before speech started, without the trailing silence.
    expect(end.durationMs).toBe(30 * 20 + 200);
    expect(end.startedAtMs).toBe(0);
    expect(end.audio.length).toBe((30 + 10) * 160 * 2);
  });

  it('ignores a single click and keeps a turn through pauses shorter than the window', () => {
    const detector = new TurnDetector({ silenceMs: 500 });
    const click = [frame(8000), ...Array.from({ length: 40 }, () => frame(0))];
    expect(feed(detector, click)).toEqual([]);
    const speech = Array.from({ length: 10 }, () => frame(8000));
    const pause = Array.from({ length: 20 }, () => frame(0)); // 400 ms
    const events = feed(detector, [...speech, ...pause, ...speech, ...pause, ...pause], 1000);
    expect(events.map((e) => e.kind)).toEqual(['speech-start', 'turn-end']);
  });
});

describe('sentence cutting of a streamed reply', () => {
  it('hands over each sentence as soon as the next one begins, and the rest at the end', () => {
    const cutter = new SentenceCutter();
    const out: string[] = [];
    for (const piece of [
      'Gre',
      'at. ',
      'Your appoint',
      'ment is on Fri',
      'day. Does',
      ' that work?',
    ])
      out.push(...cutter.push(piece));
    expect(out).toEqual(['Great.', 'Your appointment is on Friday.']);
    expect(cutter.flush()).toEqual(['Does that work?']);
  });

  it('keeps decimals and abbreviations whole', () => {
    const cutter = new SentenceCutter();
    expect(cutter.push('It costs 3.50 dollars, e.g. for one. Next')).toEqual([
      'It costs 3.50 dollars, e.g. for one.',
    ]);
  });
});

describe('outbound pacing', () => {
  it('sends one 20 ms frame per 20 ms of the clock, marks after their frames, and clears at once', async () => {
    const clock = virtualClock();
    const sent: string[] = [];
    const pacer = new FramePacer(
      clock,
      {
        media: () => sent.push(`f@${clock.now()}`),
        mark: (name) => sent.push(`${name}@${clock.now()}`),
      },
      { recordLateness: true, leadMs: 0 },
    );
    const frames = mulawFrames(Buffer.alloc(160 * 2 * 3)); // 60 ms
    pacer.enqueue(frames, 'one');
    pacer.enqueue(frames, 'two');
    await clock.advance(50);
    expect(sent).toEqual(['f@0', 'f@20', 'f@40', 'one@40']);
    await clock.advance(30);
    expect(sent.slice(4)).toEqual(['f@60', 'f@80']);
    pacer.clear();
    await clock.advance(200);
    expect(sent).toHaveLength(6);
    expect(pacer.lateness.every((ms) => ms === 0)).toBe(true);
    // After a gap, a new run starts at once.
    pacer.enqueue(frames.slice(0, 1), 'three');
    await clock.advance(1);
    expect(sent.slice(6)).toEqual(['f@280', 'three@280']);
  });
});

describe('outbound pacing ahead of play time', () => {
  it('sends the lead at once, then each frame its lead before it plays; a stall shorter than the lead is never late', async () => {
    const clock = virtualClock();
    const sent: { at: number; playAt: number }[] = [];
    const pacer = new FramePacer(
      clock,
      { media: (_frame, playAt) => sent.push({ at: clock.now(), playAt }), mark: () => {} },
      { recordLateness: true, leadMs: 100 },
    );
    const frames = mulawFrames(Buffer.alloc(160 * 2 * 20)); // 400 ms
    pacer.enqueue(frames, 'one');
    await clock.advance(0);
    // 0, 20, … 100 ms of audio leave with the first frame.
    expect(sent.map((f) => f.playAt)).toEqual([0, 20, 40, 60, 80, 100]);
    clock.stallNextSleep(90);
    await clock.advance(20);
    expect(sent.at(-1)).toEqual({ at: 20, playAt: 120 });
    // The event loop is then busy for 90 ms: what fell due meanwhile leaves at once when it wakes,
    // still before it plays.
    await clock.advance(100);
    expect(sent).toHaveLength(7);
    await clock.advance(10);
    expect(sent.slice(7).map((f) => f.at)).toEqual([130, 130, 130, 130, 130]);
    expect(sent.at(-1)).toEqual({ at: 130, playAt: 220 });
    await clock.advance(400);
    expect(sent).toHaveLength(20);
    expect(sent.every((f) => f.at <= f.playAt)).toBe(true);
    expect(pacer.lateness.every((ms) => ms === 0)).toBe(true);
  });

  it('after a clear, the next reply plays at once instead of after what the carrier dropped', async () => {
    const clock = virtualClock();
    const sent: number[] = [];
    const pacer = new FramePacer(
      clock,
      { media: (_frame, playAt) => sent.push(playAt), mark: () => {} },
      { leadMs: 200 },
    );
    const frames = mulawFrames(Buffer.alloc(160 * 2 * 50)); // 1 s
    pacer.enqueue(frames);
    await clock.advance(100);
    expect(sent.at(-1)).toBe(300);
    pacer.clear();
    await clock.advance(1);
    pacer.enqueue(frames.slice(0, 1));
    // Within a frame of the enqueue (the sender wakes from its last sleep), not after the 1 s
    // the carrier dropped.
    await clock.advance(20);
    expect(sent.at(-1)).toBeLessThanOrEqual(121);
  });
});

describe('μ-law frames and the recording', () => {
  it('cuts PCM into 160-byte frames padded with silence, and decodes them back', () => {
    const pcm = Buffer.alloc(200 * 2);
    for (let i = 0; i < 200; i++) pcm.writeInt16LE(i % 2 ? 4000 : -4000, i * 2);
    const frames = mulawFrames(pcm);
    expect(frames.map((f) => f.length)).toEqual([160, 160]);
    const back = decodeMulaw(frames[0]!);
    expect(Math.abs(back[1]! - 4000)).toBeLessThan(200);
    expect(decodeMulaw(frames[1]!)[100]).toBe(0);
  });

  it('mixes both directions on one timeline', () => {
    const recording = new CallRecording();
    recording.add(0, Int16Array.from([1000, 1000]));
    recording.add(0, Int16Array.from([500, 32000]));
    recording.add(1000, Int16Array.from([7]));
    const pcm = recording.pcm();
    expect(pcm.length).toBe(8001 * 2);
    expect(pcm.readInt16LE(0)).toBe(1500);
    expect(pcm.readInt16LE(2)).toBe(32767);
    expect(pcm.readInt16LE(8000 * 2)).toBe(7);
  });

  it('keeps outbound audio sent ahead only when it played before a barge-in', () => {
    const recording = new CallRecording();
    for (let ms = 0; ms < 200; ms += 20)
      recording.addAhead(
        ms,
        Int16Array.from({ length: 160 }, () => 100),
        0,
      );
    // The callee barges in at 50 ms: the carrier drops the frames from 60 ms on.
    recording.cut(50);
    const pcm = recording.pcm();
    expect(pcm.length).toBe(60 * 8 * 2);
    expect(pcm.readInt16LE(59 * 8 * 2)).toBe(100);
  });

  it('records a stream opened again mid-call from its own start: call time 30 s is its sample 0', () => {
    const recording = new CallRecording(30_000);
    // The callee at the new stream's time 0, the agent heard at the call's 30.5 s.
    recording.add(0, Int16Array.from([7]));
    recording.addAhead(30_500, Int16Array.from([9]), 30_000);
    recording.cut(31_000);
    const pcm = recording.pcm();
    expect(pcm.length).toBe((500 * 8 + 1) * 2);
    expect(pcm.readInt16LE(0)).toBe(7);
    expect(pcm.readInt16LE(500 * 8 * 2)).toBe(9);
  });
});

describe('media stream frames', () => {
  it('parses Twilio frames and refuses anything else', () => {
    expect(
      parseInboundFrame(
        JSON.stringify({
          event: 'media',
          media: { timestamp: '40', payload: 'AAAA', track: 'inbound' },
        }),
      ),
    ).toMatchObject({ event: 'media', media: { timestamp: 40 } });
    expect(
      parseInboundFrame(JSON.stringify({ event: 'media', media: { payload: '@@' } })),
    ).toBeNull();
    expect(parseInboundFrame(JSON.stringify({ event: 'hello' }))).toBeNull();
    expect(parseInboundFrame('not json')).toBeNull();
  });
});
