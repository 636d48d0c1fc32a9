import type { Redis } from 'ioredis';
import { http, HttpResponse } from 'msw';
import { afterAll, beforeAll } from 'vitest';
import { deletePrefix, redisClient } from '../redis';
import { mswServer } from './msw-server';

export const FAKE_UPSTASH_URL = 'https://fake-upstash.test';
export const FAKE_UPSTASH_TOKEN = 'fake-upstash-token';

type Reply = string | number | null | Reply[];

function encode(value: unknown): Reply {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  if (Array.isArray(value)) return value.map(encode);
  // ioredis turns HGETALL into an object; Upstash sends Redis's flat array.
  if (typeof value === 'object' && !Buffer.isBuffer(value))
    return Object.entries(value).flat().map(encode);
  const text = Buffer.isBuffer(value) ? value.toString('utf8') : String(value);
  return text === 'OK' ? 'OK' : Buffer.from(text, 'utf8').toString('base64');
}

/**
 * Answers Upstash's REST API by running each received command on a real redis-server, so the
 * real @upstash/redis client is exercised against real Redis semantics.
 */
export function upstashHandlers(redis: Redis) {
  const run = async (command: unknown[]): Promise<{ result?: Reply; error?: string }> => {
    const [name, ...args] = command.map(String);
    try {
      const result: unknown = await redis.call(name!, ...args);
      return { result: encode(result) };
    } catch (error) {
      return { error: (error as Error).message };
    }
  };
  const authorized = (request: Request) =>
    request.headers.get('authorization') === `Bearer ${FAKE_UPSTASH_TOKEN}`;

  return [
    http.post(`${FAKE_UPSTASH_URL}/pipeline`, async ({ request }) => {
      if (!authorized(request))
        return HttpResponse.json({ error: 'Unauthorized' }, { status: 401 });
      const commands = (await request.json()) as unknown[][];
      const replies = [];
      for (const command of commands) replies.push(await run(command));
      return HttpResponse.json(replies);
    }),
    http.post(FAKE_UPSTASH_URL, async ({ request }) => {
      if (!authorized(request))
        return HttpResponse.json({ error: 'Unauthorized' }, { status: 401 });
      const reply = await run((await request.json()) as unknown[]);
      return HttpResponse.json(reply, { status: reply.error ? 400 : 200 });
    }),
  ];
}

/**
 * The real redis-server behind msw's Upstash REST stand-in, for one test file: listening from
 * its start, and at its end closed, with the key prefixes a test pushed to `prefixes` deleted.
 */
export function upstashStandIn() {
  const redis = redisClient();
  const msw = mswServer(...upstashHandlers(redis));
  const prefixes: string[] = [];
  beforeAll(() => msw.listen({ onUnhandledRequest: 'error' }));
  afterAll(async () => {
    msw.close();
    for (const prefix of prefixes) await deletePrefix(redis, prefix);
    redis.disconnect();
  });
  return { redis, prefixes };
}
