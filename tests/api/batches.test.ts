import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BatchResponse,
  callLengthBuckets,
  MAX_BATCH_ROWS,
  type BatchResponseBody,
} from '@/schemas/batches';
import { CallDetail } from '@/schemas/call-detail';
import { freshPostgresUrl } from '../support/databases';
import { freshRedisDb } from '../support/leads-api';
import { eventually } from '../support/eventually';
import { ADMIN_TOKEN, expectError } from '../support/http';
import { startServer, type RunningServer } from '../support/server';

/** The sandbox line at 200× real time: a call of a few lines ends in about a second. */
const serverEnv = (databaseUrl: string, redisUrl: string) => ({
  ADMIN_TOKEN,
  DATABASE_URL: databaseUrl,
  REDIS_URL: redisUrl,
  SANDBOX_TIME_SCALE: '200',
});

interface Org {
  org_id: string;
  api_key: string;
}

async function createOrg(base: string, startingCreditUsd: number): Promise<Org> {
  const response = await fetch(base + '/internal/orgs', {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Batch org', starting_credit_usd: startingCreditUsd }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as Org;
}

const postBatch = (base: string, key: string, body: unknown) =>
  fetch(base + '/v1/batches', {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const getBatchRaw = (base: string, key: string | null, query: string) =>
  fetch(`${base}/batch?${query}`, key ? { headers: { authorization: key } } : {});

async function getBatch(base: string, key: string, query: string): Promise<BatchResponseBody> {
  const response = await getBatchRaw(base, key, query);
  expect(response.status).toBe(200);
  return BatchResponse.strict().parse(await response.json());
}

async function createBatchOk(base: string, key: string, body: unknown): Promise<string> {
  const response = await postBatch(base, key, body);
  expect(response.status).toBe(200);
  const created = (await response.json()) as { status: string; batch_id: string };
  expect(created.status).toBe('success');
  return created.batch_id;
}

/** Polls GET /batch until every call of the batch has ended. */
const finished = (base: string, key: string, batchId: string, timeoutMs = 60_000) =>
  eventually(async () => {
    const batch = await getBatch(base, key, `batch_id=${batchId}&include_transcripts=false`);
    return batch.analysis!.in_progress_calls === 0 ? batch : undefined;
  }, timeoutMs);

const bucketOf = (seconds: number) => {
  const starts = [0, 5, 10, 15, 20, 30, 45, 60, 90, 120];
  let index = 0;
  for (const [i, start] of starts.entries()) if (seconds >= start) index = i;
  return callLengthBuckets[index]!;
};

describe('batches on one server (real Postgres and Redis)', () => {
  let server: RunningServer;
  let dropDb: () => Promise<void>;
  let sqlClient: pg.Client;
  let org: Org;

  beforeAll(async () => {
    const database = await freshPostgresUrl();
    dropDb = database.drop;
    server = await startServer({ env: serverEnv(database.url, await freshRedisDb(7)) });
    sqlClient = new pg.Client({ connectionString: database.url });
    await sqlClient.connect();
    org = await createOrg(server.url, 50);
  });
  afterAll(async () => {
    await sqlClient?.end();
    await server?.stop();
    await dropDb?.();
  });

  it('plays a batch of 3 (one invalid number) and analyses it exactly', async () => {
    const body = {
      base_prompt: 'Confirm the delivery for {{name}}.',
      label: 'Deliveries',
      campaign_id: null,
      call_params: { max_duration: 3, language: 'en-US' },
      call_data: [
        { phone_number: '+14155550123', name: 'Ada' },
        { phone_number: '+1 555', name: 'Bad' },
        { phone_number: '+16045550123', name: 'Bea' },
      ],
    };
    const batchId = await createBatchOk(server.url, org.api_key, body);
    await finished(server.url, org.api_key, batchId);
    const batch = await getBatch(server.url, org.api_key, `batch_id=${batchId}`);

    expect(batch.batch_params).toEqual({
      id: batchId,
      campaign_id: null,
      created_at: expect.any(String),
      label: 'Deliveries',
      base_prompt: body.base_prompt,
      endpoint_code: 'sandbox',
      call_params: body.call_params,
    });
    const calls = batch.call_data!;
    expect(calls).toHaveLength(3);
    for (const call of calls) CallDetail.parse(call);
    const bad = calls.find((c) => c.request_data?.name === 'Bad')!;
    expect(bad).toMatchObject({ queue_status: 'call_error', status: 'error', completed: true });
    expect(bad.error_message).toMatch(/^phone_number: /);
    const good = calls.filter((c) => c !== bad);
    for (const call of good) {
      expect(call).toMatchObject({ queue_status: 'complete', completed: true, batch_id: batchId });
      expect(call.transcripts!.length).toBeGreaterThan(2);
      expect(call.transcripts![0]!.text).toBeTruthy();
    }

    const { rows } = await sqlClient.query<{ id: string; duration_ms: number }>(
      'SELECT id, duration_ms FROM calls WHERE batch_id = $1 ORDER BY created_at, id',
      [batchId],
    );
    const ms = rows.map((r) => r.duration_ms);
    const seconds = ms.map((m) => m / 1000);
    const mean = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) / xs.length) / 1000;
    const summary = Object.fromEntries(callLengthBuckets.map((b) => [b, 0]));
    for (const s of seconds) summary[bucketOf(s)] = (summary[bucketOf(s)] ?? 0) + 1;
    expect(batch.analysis).toEqual({
      total_calls: 3,
      completed_calls: 3,
      in_progress_calls: 0,
      retry_calls: 0,
      queue_statuses: { complete: 2, started: 0, queued: 0, call_error: 1 },
      answered_by: { human: 2, voicemail: 0, unknown: 0, 'no-answer': 0 },
      call_lengths: {
        average: mean(ms),
        average_nonzero: mean(ms.filter((m) => m >= 1000)),
        summary,
        all: seconds,
      },
      call_ids: rows.map((r) => r.id),
      error_messages: [{ call_id: bad.call_id, error_message: bad.error_message }],
      endpoints: { 'simulated-line': 3 },
    });
    expect(batch.analysis!.call_ids).toEqual(calls.map((c) => c.call_id));
    expect(ms.filter((m) => m > 0)).toHaveLength(2);
    for (const [i, call] of calls.entries()) {
      expect(call.corrected_duration).toBe(String(Math.round(seconds[i]!)));
    }
  });

  it('honours each include flag and refuses a bad one or a missing batch_id', async () => {
    const batchId = await createBatchOk(server.url, org.api_key, {
      base_prompt: 'Say hello to {{name}}.',
      label: 'Flags',
      call_data: [{ phone_number: '+14155550199', name: 'Flo' }],
    });
    await finished(server.url, org.api_key, batchId);
    const keys = (b: object) => Object.keys(b).sort();

    const full = await getBatch(server.url, org.api_key, `batch_id=${batchId}`);
    expect(keys(full)).toEqual(['analysis', 'batch_params', 'call_data']);
    expect(full.call_data![0]!.transcripts!.length).toBeGreaterThan(0);

    for (const off of ['false', '0']) {
      const noTranscripts = await getBatch(
        server.url,
        org.api_key,
        `batch_id=${batchId}&include_transcripts=${off}`,
      );
      expect(noTranscripts.call_data![0]).not.toHaveProperty('transcripts');
      expect(noTranscripts.call_data![0]).not.toHaveProperty('concatenated_transcript');
      expect(
        keys(await getBatch(server.url, org.api_key, `batch_id=${batchId}&include_calls=${off}`)),
      ).toEqual(['analysis', 'batch_params']);
      expect(
        keys(
          await getBatch(server.url, org.api_key, `batch_id=${batchId}&include_analysis=${off}`),
        ),
      ).toEqual(['batch_params', 'call_data']);
    }
    const paramsOnly = await getBatch(
      server.url,
      org.api_key,
      `batch_id=${batchId}&include_calls=0&include_analysis=false`,
    );
    expect(keys(paramsOnly)).toEqual(['batch_params']);
    const explicit = await getBatch(
      server.url,
      org.api_key,
      `batch_id=${batchId}&include_calls=1&include_transcripts=true&include_analysis=1`,
    );
    expect(explicit).toEqual(full);

    for (const flag of ['include_calls', 'include_transcripts', 'include_analysis']) {
      const { envelope } = await expectError(
        await getBatchRaw(server.url, org.api_key, `batch_id=${batchId}&${flag}=yes`),
        400,
        'INVALID_QUERY',
      );
      expect(envelope.error.field).toBe(flag);
    }
    const { envelope } = await expectError(
      await getBatchRaw(server.url, org.api_key, 'include_calls=false'),
      400,
      'INVALID_QUERY',
    );
    expect(envelope.error.field).toBe('batch_id');
  });

  it("answers 404 for another organization's batch or an unknown one, 401 without a key", async () => {
    const batchId = await createBatchOk(server.url, org.api_key, {
      base_prompt: 'Hi.',
      label: 'Private',
      call_data: [{ phone_number: '+14155550104' }],
    });
    const other = await createOrg(server.url, 5);
    await expectError(
      await getBatchRaw(server.url, other.api_key, `batch_id=${batchId}`),
      404,
      'NOT_FOUND',
    );
    await expectError(
      await getBatchRaw(server.url, org.api_key, `batch_id=${crypto.randomUUID()}`),
      404,
      'NOT_FOUND',
    );
    await expectError(
      await getBatchRaw(server.url, org.api_key, 'batch_id=nope'),
      404,
      'NOT_FOUND',
    );

    await expectError(
      await getBatchRaw(server.url, null, `batch_id=${batchId}`),
      401,
      'UNAUTHENTICATED',
    );
    const xApiKey = await fetch(`${server.url}/batch?batch_id=${batchId}`, {
      headers: { 'x-api-key': org.api_key },
    });
    await expectError(xApiKey, 401, 'UNAUTHENTICATED');
    await expectError(
      await postBatch(server.url, 'vai_sk_wrong', { label: 'x' }),
      401,
      'UNAUTHENTICATED',
    );
    const bare = await getBatchRaw(server.url, org.api_key, `batch_id=${batchId}&include_calls=0`);
    expect(bare.status).toBe(200);
  });

  it('refuses bad batches naming the field, more than 10,000 rows, and an empty wallet', async () => {
    const base = {
      base_prompt: 'Hi.',
      label: 'Bad',
      call_data: [{ phone_number: '+14155550123' }],
    };
    const cases: [unknown, string][] = [
      [
        {
          ...base,
          call_data: Array.from({ length: MAX_BATCH_ROWS + 1 }, () => ({ phone_number: '+1' })),
        },
        'call_data',
      ],
      [{ ...base, label: 5 }, 'label'],
      [{ ...base, call_data: [{ phone_number: 5 }] }, 'call_data.0.phone_number'],
      [{ ...base, call_params: { max_duration: 0 } }, 'call_params.max_duration'],
    ];
    for (const [body, field] of cases) {
      const { envelope } = await expectError(
        await postBatch(server.url, org.api_key, body),
        400,
        'INVALID_BODY',
      );
      expect(envelope.error.field).toBe(field);
    }
    const broke = await createOrg(server.url, 0);
    await expectError(
      await postBatch(server.url, broke.api_key, base),
      402,
      'INSUFFICIENT_BALANCE',
    );
  });
});

// Three instances playing one batch (300 calls, one instance killed and restarted) are in
// scale-out-batch.test.ts.
