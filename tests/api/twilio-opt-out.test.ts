import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSpeechEngine, type SpeechEngine } from '@/lib/adapters/speech-engine';
import { agentDone, answerCarrierCall, createFakeDir } from '../support/carrier-call';
import { startCarrierServer } from '../support/carrier-server';
import { eventually } from '../support/eventually';
import { expectError } from '../support/http';
import { hangUpsOf, setFakeMode } from '../support/twilio-line';
import {
  createTestOrg,
  TASK,
  voice,
  waitForEnd,
  type TestOrg,
  type VoiceServer,
} from '../support/voice-api';

// An opt-out heard on a real call (issue 31): the callee asks not to be called again, the
// language model calls its opt_out tool, the agent confirms in one sentence and hangs up through
// the carrier, and the number is on the organization's list with the call as evidence.
let server: VoiceServer;
let org: TestOrg;
let engine: SpeechEngine;
const fakeDir = createFakeDir();
const person = '+14155550161';

beforeAll(async () => {
  server = await startCarrierServer({ fakeDir });
  org = await createTestOrg(server.url, 20);
  engine = createSpeechEngine();
}, 120_000);
afterAll(async () => {
  await engine?.close();
  await server?.dispose();
});

describe('an opt-out on a carrier call', () => {
  it('confirms, hangs up, lists the number with the call as evidence, and refuses the next call', async () => {
    setFakeMode(fakeDir, {
      stt: { text: 'Please take me off your list and stop calling me.' },
      llm: { replies: [{ tool: 'opt_out' }] },
    });
    const { callId, sid, callee, status } = await answerCarrierCall(server, org.apiKey, fakeDir, {
      phone_number: person,
      task: TASK,
      first_sentence: 'Hi, this is Ava from Bright Dental.',
    });
    await agentDone(callee);
    await callee.say(engine, 'Please take me off your list and stop calling me.');
    await eventually(() => (hangUpsOf(fakeDir, sid).length > 0 ? true : undefined), 20_000);
    expect(hangUpsOf(fakeDir, sid)[0]!.params).toMatchObject({ Status: 'completed' });
    callee.stop(sid);
    callee.close();
    expect((await status('completed', { CallDuration: '20' })).status).toBe(204);

    const call = await waitForEnd(server.url, org.apiKey, callId);
    expect(call).toMatchObject({ queue_status: 'complete', opted_out: true });
    const lines = call.transcripts.filter((t) => t.user === 'assistant').map((t) => t.text);
    // The confirmation is the agent's last line.
    expect(lines.at(-1)).toMatch(/removed your number.*not be called again/i);

    const listed = (await (
      await voice(server.url, org.apiKey, `/v1/dnc?number=${encodeURIComponent(person)}`)
    ).json()) as {
      numbers: { number: string; source: string; call_id: string | null }[];
    };
    expect(listed.numbers).toEqual([
      expect.objectContaining({ number: person, source: 'opt_out', call_id: callId }),
    ]);
    const again = await voice(server.url, org.apiKey, '/v1/calls', {
      json: { phone_number: person, task: TASK },
    });
    await expectError(again, 409, 'NUMBER_ON_DNC_LIST');
  }, 120_000);
});
