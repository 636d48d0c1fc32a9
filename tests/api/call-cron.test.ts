import { describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually';
import { ADMIN_TOKEN } from '../support/http';
import { dispatch, getCall, serverWithOrgForFile, type ServerWithOrg } from '../support/voice-api';

// A host without long-lived processes: nothing advances calls but the cron route.
let { server, org } = {} as ServerWithOrg;

serverWithOrgForFile(
  { env: { SANDBOX_TIME_SCALE: '200', CALL_SCHEDULER: 'false' } },
  10,
  (started) => {
    ({ server, org } = started);
  },
);

const cron = (token = ADMIN_TOKEN) =>
  fetch(`${server.url}/internal/cron/calls`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });

describe('/internal/cron/calls', () => {
  it('is the only thing that advances calls when the scheduler is off', async () => {
    const callId = await dispatch(server.url, org.apiKey, {
      phone_number: '+14155550123',
      task: 'Confirm the delivery window.',
    });
    expect((await getCall(server.url, org.apiKey, callId)).queue_status).toBe('queued');
    const first = await cron();
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ ok: true, steps: expect.any(Number) });
    const call = await eventually(async () => {
      await cron();
      const current = await getCall(server.url, org.apiKey, callId);
      return current.completed ? current : undefined;
    }, 30_000);
    expect(call).toMatchObject({ queue_status: 'complete', call_ended_by: 'ASSISTANT' });
    expect(call.transcripts.length).toBeGreaterThan(2);
  });

  it('needs the admin token', async () => {
    expect((await cron('not-the-admin-token-at-all')).status).toBe(401);
  });
});
