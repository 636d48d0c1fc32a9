import { describe, expect, it } from 'vitest';
import { applyCarrierStatus } from '@/lib/calls/lifecycle';
import { fakeStreaming } from '../../support/fake-streaming';
import {
  hangUps,
  liveCallsOnOwnDatabase,
  mediaFrames,
  type LiveCall,
} from '../../support/live-call';

// Voicemail and speech control on the live loop (issue 33), on the virtual clock: machine
// detection's verdict arrives as Twilio's callback would write it, and the callee's speech is
// frames of known length, so "after the beep" and "300 ms of speech" are exact.

const liveCall = liveCallsOnOwnDatabase();

const LONG_REPLY =
  'Your appointment is on Tuesday at three in the afternoon at our main office on Elm Street.';
const clears = (call: LiveCall) => call.sent.filter((f) => f.event === 'clear').length;
const beep = (call: LiveCall) =>
  applyCarrierStatus(call.calls, call.callId, {
    CallSid: call.sid,
    AnsweredBy: 'machine_end_beep',
  });

describe('voicemail on a live call', () => {
  it('asks for detection, then leaves the message word for word after the beep and hangs up', async () => {
    const call = await liveCall({
      replies: ['Hi, this is Bright Dental.'],
      heard: [''],
      body: {
        wait_for_greeting: true,
        answered_by_enabled: true,
        voicemail_message: 'Hi {{name}}, this is Bright Dental. Please call us back.',
        request_data: { name: 'Ada' },
      },
    });
    expect(call.carrier.placed[0]!.machineDetection).toBe(true);
    // The machine's greeting: nothing is said over it.
    await call.say(1_500);
    expect(mediaFrames(call)).toBe(0);
    const beepAt = call.clock.now();
    await beep(call);
    await call.until(() => hangUps(call) === 1);
    expect(call.mediaSentAt[0]).toBeGreaterThanOrEqual(beepAt);
    // Ten words of 300 ms, and not a word from the model.
    expect(mediaFrames(call)).toBe(150);
    expect(call.brain.asked).toEqual([]);
    expect(await call.lines()).toEqual([
      ['assistant', 'Hi Ada, this is Bright Dental. Please call us back.'],
    ]);
    expect(await call.row()).toMatchObject({
      answeredBy: 'voicemail',
      lineState: { pendingEnding: { endedBy: 'ASSISTANT' } },
    });
  });

  it('cuts its greeting short when the verdict comes while it talks', async () => {
    const call = await liveCall({
      replies: [LONG_REPLY],
      body: { answered_by_enabled: true, voicemail_message: 'Please call Bright Dental.' },
    });
    await call.run(600);
    await beep(call);
    await call.until(() => hangUps(call) === 1);
    expect(clears(call)).toBe(1);
    expect((await call.lines()).at(-1)).toEqual(['assistant', 'Please call Bright Dental.']);
  });

  it('hangs up at once with voicemail_action hangup', async () => {
    const call = await liveCall({
      replies: ['Hello.'],
      heard: [''],
      body: { wait_for_greeting: true, answered_by_enabled: true, voicemail_action: 'hangup' },
    });
    await call.say(1_000);
    await beep(call);
    await call.until(() => hangUps(call) === 1);
    expect(mediaFrames(call)).toBe(0);
    expect(await call.lines()).toEqual([]);
    expect((await call.row()).answeredBy).toBe('voicemail');
  });

  it('talks on as to a person with voicemail_action ignore', async () => {
    const call = await liveCall({
      replies: ['Hello, this is Ava.', 'Thanks, talk soon.'],
      heard: ['Leave a message.'],
      body: { answered_by_enabled: true, voicemail_action: 'ignore' },
    });
    await call.run(1_500);
    await beep(call);
    await call.run(2_000);
    expect(hangUps(call)).toBe(0);
    await call.say(800);
    await call.until(() => call.brain.asked.length === 2);
    expect(call.brain.asked[1]!.answeredBy).toBe('human');
    expect((await call.row()).answeredBy).toBe('voicemail');
  });

  it('asks for no detection without answered_by_enabled, and a verdict changes nothing', async () => {
    const call = await liveCall({ replies: ['Hello, this is Ava.'] });
    expect(call.carrier.placed[0]!.machineDetection).toBe(false);
    await call.run(1_500);
    await beep(call);
    await call.run(3_000);
    expect(hangUps(call)).toBe(0);
    expect(call.brain.asked).toHaveLength(1);
  });

  it('records detection that could not tell as unknown', async () => {
    const call = await liveCall({ replies: ['Hello.'], body: { answered_by_enabled: true } });
    await applyCarrierStatus(call.calls, call.callId, { CallSid: call.sid, AnsweredBy: 'unknown' });
    expect((await call.row()).answeredBy).toBe('unknown');
  });
});

describe('interruptions on a live call', () => {
  it('by default, a "mhm" over the agent neither stops it nor gets an answer', async () => {
    const call = await liveCall({ replies: [LONG_REPLY, 'Sorry?'], heard: ['Mhm.'] });
    await call.run(1_000);
    await call.say(200);
    expect(clears(call)).toBe(0);
    await call.until(async () => (await call.lines()).length === 1);
    expect(await call.lines()).toEqual([['assistant', LONG_REPLY]]);
    expect(call.brain.asked).toHaveLength(1);
  });

  it('by default, stops the agent once the callee has spoken over it for 300 ms', async () => {
    const call = await liveCall({
      replies: [LONG_REPLY, 'Of course.'],
      heard: ['Wait, which day?'],
    });
    await call.run(1_000);
    await call.speak(260);
    expect(clears(call)).toBe(0);
    await call.speak(60);
    expect(clears(call)).toBe(1);
    await call.say(300);
    await call.until(() => call.brain.asked.length === 2);
  });

  it('with interruption_threshold 0, stops at the first sound', async () => {
    const call = await liveCall({ replies: [LONG_REPLY], body: { interruption_threshold: 0 } });
    await call.run(1_000);
    await call.speak(40);
    expect(clears(call)).toBe(1);
  });

  it('with block_interruptions, talks over the callee and answers only what follows', async () => {
    const call = await liveCall({
      replies: [LONG_REPLY, 'Tuesday it is.'],
      heard: ['Stop, which day?', 'Tuesday is fine.'],
      body: { block_interruptions: true },
    });
    await call.run(1_000);
    await call.say(1_500);
    expect(clears(call)).toBe(0);
    await call.until(async () => (await call.lines()).length === 1);
    expect(call.brain.asked).toHaveLength(1);
    await call.say(800);
    await call.until(async () => (await call.lines()).length === 3);
    expect((await call.lines()).slice(1)).toEqual([
      ['user', 'Tuesday is fine.'],
      ['assistant', 'Tuesday it is.'],
    ]);
  });
});

describe('speech control on a live call', () => {
  it('says words as the pronunciation guide spells them; the transcript keeps them as written', async () => {
    const call = await liveCall({
      replies: ['Hello Ms Nguyen, this is Ava from NGUYEN DENTAL.'],
      body: {
        pronunciation_guide: [
          { word: 'Nguyen', pronunciation: 'Win' },
          { word: 'Ava', pronunciation: 'Ay-vah', case_sensitive: true },
        ],
      },
    });
    await call.until(async () => (await call.lines()).length === 1);
    expect(call.synthesized.join(' ')).toBe('Hello Ms Win, this is Ay-vah from Win DENTAL.');
    expect(await call.lines()).toEqual([
      ['assistant', 'Hello Ms Nguyen, this is Ava from NGUYEN DENTAL.'],
    ]);
  });

  it('hands the temperature to the brain and the keywords to the recognizer', async () => {
    const call = await liveCall({
      replies: ['Hello.', 'Noted.'],
      heard: ['I wear Invisalign.'],
      body: { temperature: 0.3, keywords: ['Invisalign', 'Dr. Okafor'] },
    });
    await call.run(600);
    await call.say(600);
    await call.until(() => call.brain.asked.length === 2);
    expect(call.brain.asked.map((c) => c.temperature)).toEqual([0.3, 0.3]);
    expect(call.recognizer.keywords[0]).toEqual(['Invisalign', 'Dr. Okafor']);
  });

  it('opens the streaming recognizer with the keywords', async () => {
    const streaming = fakeStreaming(['Hi.']);
    await liveCall({ replies: ['Hello.'], streaming, body: { keywords: ['Invisalign'] } });
    expect(streaming.state.options[0]).toMatchObject({ keywords: ['Invisalign'] });
  });
});
