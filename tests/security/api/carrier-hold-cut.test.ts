import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../support/eventually';
import { agentDone, answerCarrierCall, createFakeDir } from '../../support/carrier-call';
import { startCarrierServer } from '../../support/carrier-server';
import { hangUpsOf, setFakeMode } from '../../support/twilio-line';
import {
  createTestOrg,
  TASK,
  waitForEnd,
  type TestOrg,
  type VoiceServer,
} from '../../support/voice-api';

// Attack (issue 30, defect 5) on a real carrier: a wallet of $0.10 places a four-hour call. The
// call holds the one minute the wallet pays for, the carrier is told to cut it there, the agent
// says why before it hangs up, and the charge is what was held even when the carrier reports a
// second more.

let server: VoiceServer;
let org: TestOrg;
const fakeDir = createFakeDir();

beforeAll(async () => {
  server = await startCarrierServer({ fakeDir, env: { STT_UPSTREAM_MODEL: 'whisper-1' } });
  org = await createTestOrg(server.url, 0.1);
}, 120_000);
afterAll(async () => {
  await server?.dispose();
});

describe('a live carrier call whose hold runs out', () => {
  it('is cut politely at what its hold pays, and charged exactly the hold', async () => {
    setFakeMode(fakeDir, { stt: { texts: [] }, llm: { replies: [] } });
    const { callId, sid, create, callee, status } = await answerCarrierCall(
      server,
      org.apiKey,
      fakeDir,
      {
        phone_number: '+14155550123',
        task: TASK,
        first_sentence: 'Hello there.',
        max_duration: 240,
      },
    );
    // The carrier itself cuts the call at the held minute, should we never get to.
    expect(create.params).toMatchObject({ TimeLimit: '60' });
    await agentDone(callee);
    const greeting = callee.media.length;
    // Before the minute is up the agent says the wallet has run out, then hangs up.
    await eventually(() => (hangUpsOf(fakeDir, sid).length > 0 ? true : undefined), 75_000);
    expect(callee.media.length - greeting).toBeGreaterThan(50);
    callee.stop(sid);
    callee.close();
    expect((await status('completed', { CallDuration: '61' })).status).toBe(204);
    const call = await waitForEnd(server.url, org.apiKey, callId);
    expect(call).toMatchObject({ queue_status: 'complete', call_ended_by: 'MAX_DURATION' });
    // Held: one minute at $0.09; charged: exactly that, though 61 s is two started minutes.
    expect(call.price).toBe(0.09);
  }, 120_000);
});
