import { WaveFile } from 'wavefile';
import { describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually';
import { ADMIN_TOKEN, expectError } from '../support/http';
import { startServer } from '../support/server';
import {
  createTestOrg,
  dispatch,
  getCall,
  serverWithOrgForFile,
  type ServerWithOrg,
  TASK,
  voice,
  waitForEnd,
} from '../support/voice-api';

// Near real time, so a call is still in progress when the test acts on it.
const SCALE = '2';
let { server, org } = {} as ServerWithOrg;

serverWithOrgForFile({ env: { SANDBOX_TIME_SCALE: SCALE } }, 10, (started) => {
  ({ server, org } = started);
});

const whenStarted = (callId: string, lines: number) =>
  eventually(async () => {
    const call = await getCall(server.url, org.apiKey, callId);
    return call.queue_status === 'started' && call.transcripts.length >= lines ? call : undefined;
  }, 30_000);

describe('stopping a call', () => {
  it('ends a call in progress at once, charged for what was played', async () => {
    const callId = await dispatch(server.url, org.apiKey, {
      phone_number: '+14155550123',
      task: TASK,
    });
    const before = await whenStarted(callId, 1);
    const stop = await voice(server.url, org.apiKey, `/v1/calls/${callId}/stop`, {
      method: 'POST',
    });
    expect(stop.status).toBe(200);
    expect(await stop.json()).toEqual({ status: 'success', message: 'Call ended successfully.' });
    const call = await getCall(server.url, org.apiKey, callId);
    expect(call).toMatchObject({ queue_status: 'complete', completed: true, call_ended_by: 'API' });
    expect(call.transcripts.length).toBeGreaterThanOrEqual(before.transcripts.length);
    expect(call.price).toBe(0.09);
    // Nothing more is said after the stop: a call dialled after it gets two lines further (the
    // scheduler has run past the time the stopped call's next line was due) and the stopped
    // call's transcript is unchanged.
    const marker = await dispatch(server.url, org.apiKey, {
      phone_number: '+14155550123',
      task: TASK,
    });
    await eventually(async () =>
      (await getCall(server.url, org.apiKey, marker)).transcripts.length >= 2 ? true : undefined,
    );
    expect((await getCall(server.url, org.apiKey, callId)).transcripts).toEqual(call.transcripts);
    await expectError(
      await voice(server.url, org.apiKey, `/v1/calls/${callId}/stop`, { method: 'POST' }),
      409,
      'CALL_NOT_ACTIVE',
    );
  });

  it('ends a queued call before it is dialled', async () => {
    const capped = await createTestOrg(server.url);
    await fetch(`${server.url}/internal/orgs/${capped.orgId}/limits`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ concurrent_calls: 0 }),
    });
    const callId = await dispatch(server.url, capped.apiKey, {
      phone_number: '+14155550123',
      task: 'Hi.',
    });
    const stop = await voice(server.url, capped.apiKey, `/v1/calls/${callId}/stop`, {
      method: 'POST',
    });
    expect(stop.status).toBe(200);
    const call = await getCall(server.url, capped.apiKey, callId);
    expect(call).toMatchObject({
      queue_status: 'complete',
      started_at: null,
      call_ended_by: 'API',
      transcripts: [],
      price: 0,
    });
  });
});

describe('a server killed mid-call', () => {
  it('leaves no call stuck: a restarted instance resumes it to the end, each line once', async () => {
    const callId = await dispatch(server.url, org.apiKey, {
      phone_number: '+14155550123',
      task: TASK,
      record: true,
    });
    const before = await whenStarted(callId, 2);
    await server.kill();
    const restarted = await startServer({
      dataDir: server.dataDir,
      env: {
        ADMIN_TOKEN,
        ...server.env,
        SANDBOX_TIME_SCALE: SCALE,
      },
    });
    try {
      const call = await waitForEnd(restarted.url, org.apiKey, callId, 60_000);
      expect(call.queue_status).toBe('complete');
      expect(call.call_ended_by).toBe('ASSISTANT');
      expect(call.transcripts.slice(0, before.transcripts.length)).toEqual(before.transcripts);
      const texts = call.transcripts.map((t) => `${t.user}:${t.text}`);
      expect(call.transcripts.at(-1)!.text).toMatch(/goodbye/i);
      // Every line of the script exactly once: the agent's lines are all different.
      const agentLines = texts.filter((t) => t.startsWith('assistant:'));
      expect(new Set(agentLines).size).toBe(agentLines.length);
      const wav = new WaveFile(
        new Uint8Array(await (await fetch(call.recording_url!)).arrayBuffer()),
      );
      const seconds = (wav.data as { chunkSize: number }).chunkSize / 2 / 8000;
      expect(Math.abs(seconds - Number(call.corrected_duration))).toBeLessThanOrEqual(1);
    } finally {
      await restarted.stop();
    }
  });
});
