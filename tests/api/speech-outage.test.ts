import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually';
import { freePort, ownRedis } from '../support/own-redis';
import { openTtsSocket } from '../support/speech-api';
import {
  createTestOrg,
  startVoiceServer,
  voice,
  type TestOrg,
  type VoiceServer,
} from '../support/voice-api';

// The store (a redis-server of this suite's own) goes down under a running server: every route
// that needs it answers 503 SERVICE_UNAVAILABLE with Retry-After (sockets: an error frame, then
// the close), and the server recovers by itself once Redis is back.
let redis: ReturnType<typeof ownRedis>;
let server: VoiceServer;
let org: TestOrg;
let voiceId: string;

beforeAll(async () => {
  redis = ownRedis(await freePort());
  await redis.start();
  server = await startVoiceServer({ env: { REDIS_URL: redis.url } });
  org = await createTestOrg(server.url, 10);
  const list = (await voice(server.url, org.apiKey, '/v1/voices').then((r) => r.json())) as {
    voices: { id: string; public: boolean }[];
  };
  voiceId = list.voices.find((v) => v.public)!.id;
});
afterAll(async () => {
  redis?.resume();
  await server?.dispose();
  await redis?.stop();
});

const speechRequests = () => [
  { path: '/v2/tts', json: { text: 'Hello there.', voice: voiceId } },
  {
    path: '/v2/audio/speech',
    json: { model: 'btts-2', voice: voiceId, input: 'Hello there.', response_format: 'wav' },
  },
  { path: '/v1/speak', json: { text: 'Hello there.', voice_id: voiceId } },
];

async function expectAllSpeak() {
  for (const { path, json } of speechRequests()) {
    const response = await voice(server.url, org.apiKey, path, { json });
    const body = response.ok ? null : await response.text();
    expect({ path, status: response.status, body }).toEqual({ path, status: 200, body: null });
    await response.arrayBuffer().catch(() => undefined);
  }
}

async function expectUnavailable(response: Response) {
  const body = (await response.json()) as { error: { code: string; status: number } };
  expect({ status: response.status, code: body.error.code }).toEqual({
    status: 503,
    code: 'SERVICE_UNAVAILABLE',
  });
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
}

describe('store outage', () => {
  it('answers 503 with Retry-After on every speech surface and on dispatch, then recovers', async () => {
    await expectAllSpeak();
    await redis.stop();

    for (const { path, json } of speechRequests()) {
      await expectUnavailable(await voice(server.url, org.apiKey, path, { json }));
    }
    // Idempotency claims live in the store too.
    await expectUnavailable(
      await voice(server.url, org.apiKey, '/v1/calls', {
        json: { phone_number: '+14155550123', task: 'Say hello.' },
        headers: { 'Idempotency-Key': 'outage-1' },
      }),
    );

    // A socket is accepted (the key is checked in the database), then init needs a slot.
    const ws = await openTtsSocket(server.url, org.apiKey);
    ws.send({ type: 'init', voice: voiceId });
    const error = await ws.next((f) => f.type === 'error');
    expect(error).toMatchObject({ code: 'service_unavailable' });
    expect(error.retry_after).toBeGreaterThanOrEqual(1);
    expect((await ws.closed).code).toBe(1013);

    await redis.start();
    await eventually(async () => {
      const response = await voice(server.url, org.apiKey, '/v2/tts', {
        json: { text: 'Back again.', voice: voiceId },
      });
      await response.arrayBuffer();
      return response.status === 200 ? true : undefined;
    }, 15_000);
    await expectAllSpeak();
  });

  it('a frozen store (no answer, connection kept) is a 503 too, not a hung request', async () => {
    redis.pause();
    try {
      for (const { path, json } of speechRequests()) {
        await expectUnavailable(await voice(server.url, org.apiKey, path, { json }));
      }
    } finally {
      redis.resume();
    }
    // The acquires that timed out run once Redis thaws; their tokens are released behind them,
    // so the org's one slot is free at once rather than after a 15 s lease.
    await eventually(async () => {
      const response = await voice(server.url, org.apiKey, '/v2/tts', {
        json: { text: 'Thawed.', voice: voiceId },
      });
      await response.arrayBuffer();
      return response.status === 200 ? true : undefined;
    }, 3_000);
  });
});
