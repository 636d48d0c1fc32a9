import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BatchResponse, type BatchResponseBody } from '@/schemas/batches';
import { freshPostgresUrl } from '../support/databases';
import { freshRedisDb } from '../support/leads-api';
import { eventually } from '../support/eventually';
import { ADMIN_TOKEN } from '../support/http';
import { startServer, type RunningServer } from '../support/server';

// A batch with machine detection on the sandbox line (issue 33): each call's answered_by in
// call_data, counted in the analysis, and the voicemail message filled from its own row.

let server: RunningServer;
let dropDb: () => Promise<void>;
let apiKey: string;

beforeAll(async () => {
  const database = await freshPostgresUrl();
  dropDb = database.drop;
  server = await startServer({
    env: {
      ADMIN_TOKEN,
      DATABASE_URL: database.url,
      REDIS_URL: await freshRedisDb(8),
      SANDBOX_TIME_SCALE: '200',
    },
  });
  const response = await fetch(server.url + '/internal/orgs', {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Voicemail batch org', starting_credit_usd: 20 }),
  });
  expect(response.status).toBe(201);
  apiKey = ((await response.json()) as { api_key: string }).api_key;
});
afterAll(async () => {
  await server?.stop();
  await dropDb?.();
});

const postBatch = (body: unknown) =>
  fetch(server.url + '/v1/batches', {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

async function getBatch(query: string): Promise<BatchResponseBody> {
  const response = await fetch(`${server.url}/batch?${query}`, {
    headers: { authorization: apiKey },
  });
  expect(response.status).toBe(200);
  return BatchResponse.strict().parse(await response.json());
}

describe('a batch with machine detection', () => {
  it('says who answered each call and counts them in the analysis', async () => {
    const created = await postBatch({
      base_prompt: 'Remind {{name}} of the appointment.',
      label: 'Reminders',
      call_params: {
        max_duration: 2,
        answered_by_enabled: true,
        voicemail_message: 'Hi {{name}}, this is Bright Dental. Please call us back.',
      },
      call_data: [
        { phone_number: '+14155550123', name: 'Ada' },
        { phone_number: '+14155550103', name: 'Bea' },
        { phone_number: '+14155550101', name: 'Cy' },
      ],
    });
    expect(created.status).toBe(200);
    const { batch_id: batchId } = (await created.json()) as { batch_id: string };
    const batch = await eventually(async () => {
      const read = await getBatch(`batch_id=${batchId}`);
      return read.analysis!.in_progress_calls === 0 ? read : undefined;
    }, 60_000);
    expect(batch.analysis!.answered_by).toEqual({
      human: 1,
      voicemail: 1,
      unknown: 0,
      'no-answer': 1,
    });
    const byName = Object.fromEntries(
      batch.call_data!.map((call) => [String(call.request_data?.name), call]),
    );
    expect(byName.Ada!.answered_by).toBe('human');
    expect(byName.Cy!.answered_by).toBe('no-answer');
    expect(byName.Bea).toMatchObject({ answered_by: 'voicemail', call_ended_by: 'ASSISTANT' });
    expect(byName.Bea!.transcripts!.at(-1)!.text).toMatch(
      /Hi Bea, this is Bright Dental\. Please call us back\.$/,
    );
  });

  it('refuses call_params it cannot honour, naming the field', async () => {
    const response = await postBatch({
      base_prompt: 'Hi.',
      label: 'Refused',
      call_params: { voicemail_action: 'hangup' },
      call_data: [{ phone_number: '+14155550123' }],
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('call_params.voicemail_action');
  });
});
