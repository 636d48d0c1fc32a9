import { describe, expect, it, vi } from 'vitest';
import { applyCarrierStatus, FINAL_CALLBACK_WAIT_MS, stopCall } from '@/lib/calls/lifecycle';
import { runDueWork } from '@/lib/calls/run-due-work';
import { TEST_CALL_SETTINGS } from '../../support/call-deps';
import { hangUps, liveCallsOnOwnDatabase, mediaFrames } from '../../support/live-call';

// Whole live calls through the loop (Conversation, ReplyPlayer, FramePacer) on a virtual clock,
// with an in-memory media stream, stand-in speech, recognizer and agent, and the lifecycle on
// an in-process database: no build, no sockets, no waiting on the wall clock.

const liveCall = liveCallsOnOwnDatabase();

describe('a live call on a virtual clock', () => {
  it('greets, hears a turn, answers, says goodbye and hangs up; the final callback bills it', async () => {
    const call = await liveCall({
      replies: ['Hi, this is Ava.', 'Great, see you Tuesday. Goodbye! [END]'],
      heard: ['Yes, Tuesday works.'],
    });
    await call.run(1_500);
    // The greeting went out as 20 ms frames, paced on the clock: 4 words of 300 ms.
    expect(mediaFrames(call)).toBe(60);
    await call.say(1_000);
    await call.until(() => hangUps(call) === 1);
    expect((await call.row()).lineState).toMatchObject({
      line: 'carrier',
      pendingEnding: { endedBy: 'ASSISTANT' },
    });
    await call.conversation.handleFrame({ event: 'stop' });
    expect((await call.row()).lineState).toMatchObject({ streamMs: expect.any(Number) });
    await applyCarrierStatus(call.calls, call.callId, {
      CallSid: call.sid,
      CallStatus: 'completed',
      CallDuration: 7,
    });
    expect(await call.row()).toMatchObject({
      queueStatus: 'complete',
      callEndedBy: 'ASSISTANT',
      priceMicros: TEST_CALL_SETTINGS.pricePerMinuteMicros,
    });
    expect(await call.lines()).toEqual([
      ['assistant', 'Hi, this is Ava.'],
      ['user', 'Yes, Tuesday works.'],
      ['assistant', 'Great, see you Tuesday. Goodbye!'],
    ]);
  });

  it('stops talking at once when the callee talks over it, keeping only what was heard', async () => {
    const call = await liveCall({
      replies: [
        'Hello.',
        'Your appointment is on Tuesday. It is at three in the afternoon. We are on Elm Street.',
        'Of course, goodbye. [END]',
      ],
      heard: ['Is it Tuesday?', 'Sorry, I have to go.'],
    });
    await call.run(800);
    await call.say(600);
    // The reply's first sentence (5 words) plays out; then the callee interrupts.
    await call.run(1_600);
    const before = mediaFrames(call);
    await call.say(800);
    expect(call.sent.some((f) => f.event === 'clear')).toBe(true);
    await call.until(() => hangUps(call) === 1);
    const lines = await call.lines();
    expect(lines[2]).toEqual(['assistant', 'Your appointment is on Tuesday.']);
    expect(lines[3]).toEqual(['user', 'Sorry, I have to go.']);
    expect(mediaFrames(call)).toBeGreaterThan(before);
  });

  it('waits through a voicemail greeting, leaves the message once detection says so, then hangs up', async () => {
    const call = await liveCall({
      replies: ['Hi, this is Bright Dental. Please call us back. [END]'],
      heard: [''],
      body: { wait_for_greeting: true, answered_by_enabled: true },
    });
    await call.say(1_500);
    expect(mediaFrames(call)).toBe(0);
    await applyCarrierStatus(call.calls, call.callId, {
      CallSid: call.sid,
      AnsweredBy: 'machine_end_beep',
    });
    await call.until(() => hangUps(call) === 1);
    expect(call.brain.asked.at(-1)?.answeredBy).toBe('voicemail');
    expect(mediaFrames(call)).toBeGreaterThan(100);
    expect((await call.lines()).at(-1)).toEqual([
      'assistant',
      'Hi, this is Bright Dental. Please call us back.',
    ]);
  });

  it('hangs up at max_duration on the clock', async () => {
    const call = await liveCall({ replies: ['Hello.'], body: { max_duration: 1 } });
    const start = call.clock.now();
    await call.run(59_000);
    expect(hangUps(call)).toBe(0);
    await call.until(() => hangUps(call) === 1);
    // When it was decided, on the clock: the clock goes on moving while the database (real time)
    // records it, so the moment the carrier hears it depends on the machine's load.
    const { lineState } = await call.row();
    expect(lineState).toMatchObject({ pendingEnding: { endedBy: 'MAX_DURATION' } });
    const requestedAt = (lineState as { pendingEnding: { requestedAt: number } }).pendingEnding
      .requestedAt;
    expect(requestedAt - start).toBeGreaterThanOrEqual(60_000);
    expect(requestedAt - start).toBeLessThan(60_100);
  });

  it('apologises and ends with the recognizer’s failure, even if the apology’s mark never returns', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const call = await liveCall({ replies: ['Hello.'], recognizerFails: true });
    await call.run(600);
    const greeting = mediaFrames(call);
    call.echoMarks.on = false;
    await call.say(600);
    // The apology (9 words) is spoken; without its mark the fallback hangs up 2 s after it.
    await call.until(() => mediaFrames(call) - greeting === 135);
    const spokenAt = call.clock.now();
    await call.run(1_000);
    expect(hangUps(call)).toBe(0);
    await call.until(() => hangUps(call) === 1);
    expect(call.clock.now() - spokenAt).toBeGreaterThan(1_500);
    const { lineState } = await call.row();
    expect(lineState).toMatchObject({
      pendingEnding: {
        endedBy: 'SYSTEM',
        errorMessage: expect.stringMatching(/^The speech recognizer failed/),
      },
    });
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  it('apologises and ends when the agent fails', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const call = await liveCall({ replies: ['Hello.'], brainFails: true });
    await call.until(() => hangUps(call) === 1);
    // No greeting came; what the callee heard is the apology alone (9 words of 300 ms).
    expect(mediaFrames(call)).toBe(135);
    expect((await call.row()).lineState).toMatchObject({
      pendingEnding: { errorMessage: expect.stringMatching(/^The agent failed/) },
    });
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/: The agent failed/));
    error.mockRestore();
  });

  it('is hung up by a stop through the API and billed from its stream if the carrier goes quiet', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const call = await liveCall({ replies: ['Hello there, this is Ava.'] });
    await call.run(10_000);
    await stopCall(call.calls, call.orgId, call.callId);
    expect(hangUps(call)).toBe(1);
    // The carrier ends the stream; the loop stops and hangs up no second time.
    await call.conversation.handleFrame({ event: 'stop' });
    await call.until(
      async () =>
        (await call.row()).lineState?.line === 'carrier' &&
        'streamMs' in (await call.row()).lineState!,
    );
    expect(hangUps(call)).toBe(1);
    // Every timer of the call (max_duration, the voicemail poll) was cancelled with the stream.
    expect(call.clock.pendingSleeps()).toBe(0);
    await call.clock.advance(FINAL_CALLBACK_WAIT_MS);
    await runDueWork(call.calls);
    expect(await call.row()).toMatchObject({
      queueStatus: 'complete',
      callEndedBy: 'API',
      durationMs: 10_000,
      priceMicros: TEST_CALL_SETTINGS.pricePerMinuteMicros,
    });
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
