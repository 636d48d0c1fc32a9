import { describe, expect, it } from 'vitest';
import { liveCallsOnOwnDatabase, mediaFrames, type LiveCall } from '../../support/live-call';

// The adaptive end of turn on whole live calls (virtual clock, in-memory stream): how soon the
// agent answers after the callee stops, by how their words read.

const liveCall = liveCallsOnOwnDatabase();

/** The greeting has been played out and heard (its line written): the line is quiet. */
const greeted = (call: LiveCall) => call.until(async () => (await call.lines()).length === 1);

/** Silence after the callee stops until the agent's next frame goes out. */
async function answerDelay(call: LiveCall): Promise<number> {
  const stoppedAt = call.clock.now();
  const before = mediaFrames(call);
  await call.until(() => mediaFrames(call) > before, 2_000);
  return call.mediaSentAt[before]! - stoppedAt;
}

describe('adaptive end of turn', () => {
  const replies = ['Hello.', 'Great, Friday it is.'];

  it('answers a finished sentence after the short window', async () => {
    const call = await liveCall({
      replies,
      heard: ['Yes, Tuesday works.'],
      body: { end_of_turn: { min_ms: 200, max_ms: 800 } },
    });
    await greeted(call);
    await call.speak(1_000);
    const delay = await answerDelay(call);
    expect(delay).toBeGreaterThanOrEqual(200);
    expect(delay).toBeLessThan(300);
    // The speculative transcript at the pause is the final one: the brain heard it once.
    expect(call.brain.asked.at(-1)?.turns.at(-1)).toEqual({
      user: 'user',
      text: 'Yes, Tuesday works.',
    });
  });

  it('keeps the fixed window of END_OF_TURN_SILENCE_MS when the call asks for none', async () => {
    const call = await liveCall({ replies, heard: ['Yes, Tuesday works.'] });
    await greeted(call);
    await call.speak(1_000);
    expect(await answerDelay(call)).toBeGreaterThanOrEqual(500);
  });

  it('waits through a pause after unfinished words, and hears the turn as one', async () => {
    const call = await liveCall({
      replies,
      heard: ["I'd like to", "I'd like to move it to Friday."],
      body: { end_of_turn: { min_ms: 200, max_ms: 800 } },
    });
    await greeted(call);
    const greeting = mediaFrames(call);
    await call.speak(600);
    await call.run(500);
    expect(mediaFrames(call)).toBe(greeting);
    await call.speak(800);
    const delay = await answerDelay(call);
    expect(delay).toBeLessThan(300);
    await call.until(async () => (await call.lines()).length === 3);
    expect(await call.lines()).toEqual([
      ['assistant', 'Hello.'],
      ['user', "I'd like to move it to Friday."],
      ['assistant', 'Great, Friday it is.'],
    ]);
  });

  it('ends a trailing-off turn after the long window', async () => {
    const call = await liveCall({
      replies,
      heard: ['I was thinking about', 'I was thinking about'],
      body: { end_of_turn: { min_ms: 200, max_ms: 800 } },
    });
    await greeted(call);
    await call.speak(600);
    expect(await answerDelay(call)).toBeGreaterThanOrEqual(800);
  });
});
