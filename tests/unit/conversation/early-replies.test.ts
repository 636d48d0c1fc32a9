import { describe, expect, it } from 'vitest';
import { liveCallsOnOwnDatabase, mediaFrames } from '../../support/live-call';

// Replies started at a likely end of turn (virtual clock, in-memory stream): dropped without a
// trace when the callee goes on speaking before the first frame is played; barge-in after that.

const liveCall = liveCallsOnOwnDatabase();

const early = { end_of_turn: { min_ms: 200, max_ms: 800 } };

describe('replies started early', () => {
  it('drops the answer when the callee speaks on before its first frame, and hears one turn', async () => {
    const call = await liveCall({
      replies: ['Hello.', 'Friday at ten, noted.'],
      heard: ['Yes.', 'Friday at ten would suit me.'],
      body: early,
      thinkMs: 300,
    });
    await call.run(600);
    const greeting = mediaFrames(call);
    await call.speak(400);
    // "Yes." reads finished: after 200 ms the answer is started; the agent thinks for 300 ms.
    await call.run(300);
    expect(call.brain.asked).toHaveLength(2);
    expect(mediaFrames(call)).toBe(greeting);
    // The callee goes on before a frame was played: the answer is dropped.
    await call.speak(800);
    await call.run(1_500);
    expect(call.sent.filter((f) => f.event === 'media').length - greeting).toBeGreaterThan(0);
    await call.until(async () => (await call.lines()).length === 3);
    expect(await call.lines()).toEqual([
      ['assistant', 'Hello.'],
      ['user', 'Yes. Friday at ten would suit me.'],
      ['assistant', 'Friday at ten, noted.'],
    ]);
    // The second answer was asked for with the whole turn; the first one never played.
    expect(call.brain.asked).toHaveLength(3);
    expect(call.brain.asked[2]!.turns.at(-1)).toEqual({
      user: 'user',
      text: 'Yes. Friday at ten would suit me.',
    });
    const played = call.sent.filter((f) => f.event === 'mark').map((f) => f.mark.name);
    expect(played.some((name) => name.startsWith('r2'))).toBe(false);
  });

  it('answers the held turn when the words after a dropped answer come back empty', async () => {
    const call = await liveCall({
      replies: ['Hello.', 'Noted.'],
      heard: ['Yes.', ''],
      body: early,
      thinkMs: 300,
    });
    await call.run(600);
    await call.speak(400);
    await call.run(300);
    // A short noise before the answer played: it is dropped, and the noise holds no words.
    await call.speak(100);
    await call.until(async () => (await call.lines()).length === 3, 3_000);
    expect(await call.lines()).toEqual([
      ['assistant', 'Hello.'],
      ['user', 'Yes.'],
      ['assistant', 'Noted.'],
    ]);
  });

  it('still stops on barge-in once the answer is playing, keeping both turns', async () => {
    const call = await liveCall({
      replies: ['Hello.', 'Your appointment is on Tuesday. It is at three.', 'Okay.'],
      heard: ['When is it?', 'Wait, sorry.'],
      body: early,
      thinkMs: 100,
    });
    await call.run(600);
    const greeting = mediaFrames(call);
    await call.speak(400);
    // The answer starts 300 ms after the question; its first sentence (1.5 s) is heard out.
    await call.run(2_000);
    expect(mediaFrames(call) - greeting).toBeGreaterThan(75);
    await call.say(600);
    expect(call.sent.some((f) => f.event === 'clear')).toBe(true);
    await call.until(async () => (await call.lines()).length === 5);
    const lines = await call.lines();
    expect(lines[1]).toEqual(['user', 'When is it?']);
    expect(lines.slice(2)).toEqual([
      ['assistant', 'Your appointment is on Tuesday.'],
      ['user', 'Wait, sorry.'],
      ['assistant', 'Okay.'],
    ]);
  });
});
