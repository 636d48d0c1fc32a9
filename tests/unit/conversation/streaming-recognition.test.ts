import { describe, expect, it, vi } from 'vitest';
import { FINAL_WAIT_MS } from '@/lib/calls/conversation/streaming-turn-text';
import { fakeStreaming } from '../../support/fake-streaming';
import { hangUps, liveCallsOnOwnDatabase, mediaFrames } from '../../support/live-call';

// Streaming recognition on whole live calls (virtual clock, in-memory stream and recognizers):
// the stream's words are used, a lost stream is reconnected once and then replaced by
// whole-turn recognition, and no call ever waits on a stream that stopped answering.

const liveCall = liveCallsOnOwnDatabase();

const replies = ['Hello.', 'Noted.', 'Sure.', 'Goodbye. [END]'];

describe('streaming recognition', () => {
  it('hears turns through the stream: audio sent as it comes, no whole-turn request', async () => {
    const streaming = fakeStreaming(['Yes, Tuesday works.', 'Thanks, bye.']);
    const call = await liveCall({ replies, streaming });
    await call.run(600);
    await call.say(800);
    await call.run(800);
    await call.say(600);
    await call.until(async () => (await call.lines()).length === 5);
    expect(streaming.state.frames).toBeGreaterThan(100);
    expect(call.recognizer.asked).toBe(0);
    expect((await call.lines()).filter(([user]) => user === 'user')).toEqual([
      ['user', 'Yes, Tuesday works.'],
      ['user', 'Thanks, bye.'],
    ]);
  });

  it('judges the end of turn on the partials already heard', async () => {
    const streaming = fakeStreaming(["I'd like to move it to Friday."]);
    const call = await liveCall({
      replies,
      streaming,
      body: { end_of_turn: { min_ms: 200, max_ms: 800 } },
    });
    await call.run(600);
    const greeting = mediaFrames(call);
    await call.speak(400);
    streaming.emit("I'd like to", false);
    await call.run(500);
    // Mid-sentence: no answer inside the pause.
    expect(mediaFrames(call)).toBe(greeting);
    await call.speak(600);
    streaming.emit("I'd like to move it to Friday.", true);
    const stoppedAt = call.clock.now();
    await call.until(() => mediaFrames(call) > greeting);
    expect(call.mediaSentAt[greeting]! - stoppedAt).toBeLessThan(300);
  });

  it('reconnects once when the stream drops, then recognizes whole turns for the rest of the call', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const streaming = fakeStreaming(['After the reconnect.']);
    const call = await liveCall({
      replies,
      streaming,
      heard: ['After the second loss.', 'Still whole turns.'],
    });
    await call.run(600);
    streaming.lose();
    await call.run(100);
    expect(streaming.state.opened).toBe(2);
    await call.say(600);
    await call.run(800);
    streaming.lose();
    await call.say(600);
    await call.run(800);
    await call.say(600);
    await call.until(() => hangUps(call) === 1);
    await call.until(async () => (await call.lines()).length === 7);
    // No third connection: the rest of the call went through the whole-turn recognizer.
    expect(streaming.state.opened).toBe(2);
    expect(call.recognizer.asked).toBe(2);
    expect((await call.lines()).filter(([user]) => user === 'user')).toEqual([
      ['user', 'After the reconnect.'],
      ['user', 'After the second loss.'],
      ['user', 'Still whole turns.'],
    ]);
    expect(warn.mock.calls.flat().join('\n')).toMatch(/whole turns for the rest of the call/);
    warn.mockRestore();
  });

  it('recognizes the turn whole when the stream gives no final in time', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const streaming = fakeStreaming([]);
    streaming.state.answer = false;
    const call = await liveCall({ replies, streaming, heard: ['Heard whole.'] });
    await call.run(600);
    const greeting = mediaFrames(call);
    await call.say(600);
    const endedAt = call.clock.now();
    await call.until(() => mediaFrames(call) > greeting, FINAL_WAIT_MS + 1_000);
    expect(call.clock.now() - endedAt).toBeLessThan(FINAL_WAIT_MS + 200);
    expect(call.recognizer.asked).toBe(1);
    await call.until(async () => (await call.lines()).length >= 2);
    expect((await call.lines())[1]).toEqual(['user', 'Heard whole.']);
    warn.mockRestore();
  });
});
