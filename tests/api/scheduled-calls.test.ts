import { describe, expect, it } from 'vitest';
import { expectError } from '../support/http';
import {
  dispatch,
  getCall,
  orgDetail,
  serverWithOrgForFile,
  type ServerWithOrg,
  TASK,
  voice,
} from '../support/voice-api';

// start_time and retry over HTTP: bad input is the spec's 400 envelope naming the field, with no
// call created; a scheduled call is shown queued with its moment and, stopped before it, costs
// nothing. (Dialling at the moment and the retries themselves run on an injected clock in
// tests/contract/db/scheduled-calls*.contract.test.ts.)

let { server, org } = {} as ServerWithOrg;
serverWithOrgForFile({}, 10, (started) => {
  ({ server, org } = started);
});

const person = '+14155550123';
const DAY = 24 * 60 * 60_000;

/** 10:00 in San Francisco `days` from today: inside the default calling hours. */
function morningIn(days: number): string {
  const day = new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
  return `${day}T10:00:00-08:00`;
}

describe('scheduled calls and retries over HTTP', () => {
  it('answers bad start_time and retry values with 400 INVALID_BODY naming the field, creating nothing', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ start_time: new Date(Date.now() - 60_000).toISOString() }, 'start_time'],
      [{ start_time: morningIn(32) }, 'start_time'],
      [{ start_time: '2026-12-01T10:00:00' }, 'start_time'],
      [{ retry: { max_attempts: 6, wait_minutes: 5, on: ['busy'] } }, 'retry.max_attempts'],
      [{ retry: { max_attempts: 2, wait_minutes: 1_441, on: ['busy'] } }, 'retry.wait_minutes'],
      [{ retry: { max_attempts: 2, wait_minutes: 5, on: ['later'] } }, 'retry.on.0'],
    ];
    for (const [fields, field] of bad) {
      const response = await voice(server.url, org.apiKey, '/v1/calls', {
        json: { phone_number: person, task: TASK, ...fields },
      });
      const { envelope } = await expectError(response, 400, 'INVALID_BODY');
      expect(envelope.error.field, JSON.stringify(fields)).toBe(field);
    }
    const list = (await voice(server.url, org.apiKey, '/v1/calls').then((r) => r.json())) as {
      calls: unknown[];
    };
    expect(list.calls).toEqual([]);
  });

  it('queues a call for its start_time, shows when, and a stop before then costs nothing', async () => {
    const before = await orgDetail(server.url, org.orgId);
    const startTime = morningIn(2);
    const callId = await dispatch(server.url, org.apiKey, {
      phone_number: person,
      task: TASK,
      start_time: startTime,
      retry: { max_attempts: 3, wait_minutes: 30, on: ['no-answer', 'busy'] },
    });
    const queued = await getCall(server.url, org.apiKey, callId);
    expect(queued).toMatchObject({
      queue_status: 'queued',
      scheduled_for: new Date(startTime).toISOString(),
      started_at: null,
      retry_of: null,
      attempt: 1,
    });
    const stop = await voice(server.url, org.apiKey, `/v1/calls/${callId}/stop`, { json: {} });
    expect(stop.status).toBe(200);
    const stopped = await getCall(server.url, org.apiKey, callId);
    expect(stopped).toMatchObject({
      queue_status: 'complete',
      call_ended_by: 'API',
      started_at: null,
      price: 0,
      scheduled_for: null,
    });
    const after = await orgDetail(server.url, org.orgId);
    expect(after.wallet.balance_usd).toBe(before.wallet.balance_usd);
  });

  it('a batch with call_params.start_time refuses a bad moment (nothing created), else holds every call until then', async () => {
    const batch = (callParams: Record<string, unknown>) =>
      voice(server.url, org.apiKey, '/v1/batches', {
        json: {
          label: 'Tomorrow morning',
          base_prompt: TASK,
          call_data: [
            { phone_number: person, day: 'Monday' },
            { phone_number: '+14155550124', day: 'Tuesday' },
          ],
          call_params: callParams,
        },
      });
    const count = async () =>
      (
        (await voice(server.url, org.apiKey, '/v1/calls?limit=1000').then((r) => r.json())) as {
          calls: unknown[];
        }
      ).calls.length;
    const before = await count();
    for (const startTime of [
      new Date(Date.now() - 60_000).toISOString(),
      morningIn(32),
      '2026-12-01T10:00:00',
    ]) {
      const { envelope } = await expectError(
        await batch({ start_time: startTime }),
        400,
        'INVALID_BODY',
      );
      expect(envelope.error.field, startTime).toBe('call_params.start_time');
    }
    expect(await count()).toBe(before);

    const balance = (await orgDetail(server.url, org.orgId)).wallet.balance_usd;
    const startTime = morningIn(3);
    const created = await batch({ start_time: startTime });
    expect(created.status).toBe(200);
    const { batch_id } = (await created.json()) as { batch_id: string };
    const page = (await voice(server.url, org.apiKey, `/v1/calls?batch_id=${batch_id}`).then((r) =>
      r.json(),
    )) as { calls: { call_id: string; queue_status: string; scheduled_for: string | null }[] };
    expect(page.calls).toHaveLength(2);
    for (const call of page.calls) {
      expect(call).toMatchObject({
        queue_status: 'queued',
        scheduled_for: new Date(startTime).toISOString(),
      });
    }
    for (const call of page.calls) {
      expect((await getCall(server.url, org.apiKey, call.call_id)).started_at).toBeNull();
      const stop = await voice(server.url, org.apiKey, `/v1/calls/${call.call_id}/stop`, {
        json: {},
      });
      expect(stop.status).toBe(200);
      expect(await getCall(server.url, org.apiKey, call.call_id)).toMatchObject({
        queue_status: 'complete',
        started_at: null,
        price: 0,
      });
    }
    expect((await orgDetail(server.url, org.orgId)).wallet.balance_usd).toBe(balance);
  });

  it('documents start_time, retry, retry_of and attempt in the OpenAPI document', async () => {
    const document = (await fetch(`${server.url}/v1/openapi.json`).then((r) => r.json())) as {
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
    };
    const { schemas } = document.components;
    expect(Object.keys(schemas.CallDispatchRequest!.properties)).toEqual(
      expect.arrayContaining(['start_time', 'retry']),
    );
    expect(Object.keys(schemas.RetryPolicy!.properties).sort()).toEqual([
      'max_attempts',
      'on',
      'wait_minutes',
    ]);
    expect(Object.keys(schemas.BatchCallParams!.properties)).toContain('start_time');
    expect(Object.keys(schemas.CallDetail!.properties)).toEqual(
      expect.arrayContaining(['scheduled_for', 'retry_of', 'attempt']),
    );
  });
});
