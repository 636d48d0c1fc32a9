import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerCarrierCall, createFakeDir } from '../support/carrier-call';
import { startCarrierServer } from '../support/carrier-server';
import { eventually } from '../support/eventually';
import {
  createTestOrg,
  getCall,
  orgDetail,
  TASK,
  waitForEnd,
  type TestOrg,
  type VoiceServer,
} from '../support/voice-api';

// Two instances on one database and store. The instance holding a call's media stream dies
// mid-conversation; Twilio's final callback lands at the other one, which finishes the call.
let first: VoiceServer;
let second: VoiceServer;
let org: TestOrg;
const fakeDir = createFakeDir();

beforeAll(async () => {
  first = await startCarrierServer({ fakeDir });
  org = await createTestOrg(first.url, 20);
}, 120_000);
afterAll(async () => {
  await second?.stop();
  await first?.dispose();
});

describe('a real call whose instance dies mid-conversation', () => {
  it('is finished exactly once by the completed callback at another instance', async () => {
    const { callId, callee, completedTwice } = await answerCarrierCall(first, org.apiKey, fakeDir, {
      phone_number: '+14155550123',
      task: TASK,
      first_sentence: 'Hello, this is Ava.',
    });
    await eventually(() => (callee.media.length > 10 ? true : undefined), 20_000);

    // The stream's instance is gone at once, without finishing anything.
    await first.kill();
    expect(callee.closed ?? (await eventually(() => callee.closed ?? undefined))).toBeTruthy();
    second = await startCarrierServer({ fakeDir, shareWith: first });
    expect((await getCall(second.url, org.apiKey, callId)).queue_status).toBe('started');

    // Twilio retries a callback it could not deliver: both copies land, one finishes.
    await completedTwice(125, second);
    const call = await waitForEnd(second.url, org.apiKey, callId);
    expect(call).toMatchObject({
      queue_status: 'complete',
      answered_by: 'human',
      call_ended_by: 'USER',
      corrected_duration: '125',
      price: 0.27,
    });
    // Charged once: three started minutes of the carrier's duration.
    expect((await orgDetail(second.url, org.orgId)).wallet.balance_usd).toBeCloseTo(20 - 0.27, 6);
  }, 120_000);
});
