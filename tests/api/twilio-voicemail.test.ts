import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSpeechEngine, type SpeechEngine } from '@/lib/adapters/speech-engine';
import { eventually } from '../support/eventually';
import { answerCarrierCall, agentDone, saidOut } from '../support/carrier-call';
import { fakeRecords, hangUpsOf, setFakeMode } from '../support/twilio-line';
import { startCarrierServer } from '../support/carrier-server';
import { startWebhookReceiver } from '../support/webhook-receiver';
import {
  createTestOrg,
  TASK,
  voice,
  waitForEnd,
  type TestOrg,
  type VoiceServer,
} from '../support/voice-api';
import { createFakeDir } from '../support/carrier-call';

// Voicemail and speech control over the wire (issue 33): msw in the server process plays
// Twilio's REST API, the recognizer and the model; this test plays Twilio's network side
// (signed callbacks, machine detection's verdict, the media stream over a real WebSocket).
let server: VoiceServer;
let org: TestOrg;
let engine: SpeechEngine;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
const fakeDir = createFakeDir();

beforeAll(async () => {
  server = await startCarrierServer({
    fakeDir,
    env: { STT_UPSTREAM_MODEL: 'whisper-1', WEBHOOK_ALLOW_IPS: '127.0.0.1' },
  });
  org = await createTestOrg(server.url, 20);
  engine = createSpeechEngine();
  receiver = await startWebhookReceiver();
}, 120_000);
afterAll(async () => {
  if (process.env.SHOW_SERVER_LOGS) console.log(server?.logs());
  await engine?.close();
  await receiver?.close();
  await server?.dispose();
});

const hangUps = (sid: string) => hangUpsOf(fakeDir, sid);
const llmRecords = () => fakeRecords(fakeDir).filter((r) => r.service === 'llm');
const answered = (request: Record<string, unknown>) =>
  answerCarrierCall(server, org.apiKey, fakeDir, request);

describe('voicemail through the Twilio adapter', () => {
  it('asks for DetectMessageEnd, says voicemail_message after the beep word for word, hangs up', async () => {
    setFakeMode(fakeDir, { llm: { reply: 'The model should not be asked. [END]' } });
    const { callId, create, sid, status, callee } = await answered({
      phone_number: '+14155550131',
      task: TASK,
      wait_for_greeting: true,
      answered_by_enabled: true,
      voicemail_message: 'Hi {{name}}, this is Bright Dental. Please call us back.',
      request_data: { name: 'Ada' },
      webhook: receiver.url,
    });
    expect(create.params).toMatchObject({ MachineDetection: 'DetectMessageEnd', AsyncAmd: 'true' });
    // The machine's greeting plays; the agent stays silent.
    await callee.say(engine, 'Please leave a message after the tone.');
    await saidOut(callee);
    expect(callee.media).toHaveLength(0);
    const asked = llmRecords().length;
    expect((await status('', { AnsweredBy: 'machine_end_beep' })).status).toBe(204);
    await eventually(() => (hangUps(sid).length > 0 ? true : undefined), 20_000);
    expect(callee.media.length).toBeGreaterThan(50);
    expect(llmRecords()).toHaveLength(asked);
    callee.stop(sid);
    callee.close();
    await status('completed', { CallDuration: '12' });
    const call = await waitForEnd(server.url, org.apiKey, callId);
    expect(call).toMatchObject({
      queue_status: 'complete',
      answered_by: 'voicemail',
      call_ended_by: 'ASSISTANT',
    });
    // The AI disclosure (on by default) opens it; the message follows as written, filled.
    expect(call.transcripts.map((t) => [t.user, t.text])).toEqual([
      [
        'assistant',
        'This is an automated assistant. Hi Ada, this is Bright Dental. Please call us back.',
      ],
    ]);
    const delivered = await eventually(
      () => receiver.received.find((r) => r.body.includes(callId)),
      15_000,
    );
    expect(delivered.body).toContain('"answered_by":"voicemail"');
  }, 60_000);

  it('hangs up at the beep with voicemail_action hangup, saying nothing', async () => {
    const { callId, sid, status, callee } = await answered({
      phone_number: '+14155550132',
      task: TASK,
      wait_for_greeting: true,
      answered_by_enabled: true,
      voicemail_action: 'hangup',
    });
    await status('', { AnsweredBy: 'machine_end_silence' });
    await eventually(() => (hangUps(sid).length > 0 ? true : undefined), 20_000);
    expect(callee.media).toHaveLength(0);
    callee.stop(sid);
    callee.close();
    await status('completed', { CallDuration: '6' });
    const call = await waitForEnd(server.url, org.apiKey, callId);
    expect(call).toMatchObject({ answered_by: 'voicemail', call_ended_by: 'ASSISTANT' });
    expect(call.transcripts).toEqual([]);
  }, 60_000);

  it('passes the call’s temperature to the model with every reply', async () => {
    setFakeMode(fakeDir, { llm: { reply: 'Thanks, goodbye! [END]' } });
    const asked = llmRecords().length;
    const { sid, callee, completedTwice } = await answered({
      phone_number: '+14155550133',
      task: TASK,
      temperature: 0.4,
    });
    await agentDone(callee);
    await eventually(() => (hangUps(sid).length > 0 ? true : undefined), 20_000);
    callee.stop(sid);
    callee.close();
    await completedTwice(4);
    const replies = llmRecords()
      .slice(asked)
      .filter((r) => r.stream);
    expect(replies.length).toBeGreaterThan(0);
    expect(replies.map((r) => r.temperature)).toEqual(replies.map(() => 0.4));
  }, 60_000);

  it('refuses a field it cannot honour with 400 naming it, and dials nothing', async () => {
    const dialled = fakeRecords(fakeDir).filter((r) => r.action === 'create').length;
    for (const [body, field] of [
      [{ voicemail_message: 'Call us.' }, 'voicemail_message'],
      [{ temperature: 2.5 }, 'temperature'],
      [{ pronunciation_guide: [{ word: 'Ada' }] }, 'pronunciation_guide.0.pronunciation'],
    ] as const) {
      const response = await voice(server.url, org.apiKey, '/v1/calls', {
        json: { phone_number: '+14155550134', task: TASK, ...body },
      });
      expect(response.status).toBe(400);
      const text = await response.text();
      expect(text).toContain(field);
    }
    expect(fakeRecords(fakeDir).filter((r) => r.action === 'create')).toHaveLength(dialled);
  }, 60_000);
});
