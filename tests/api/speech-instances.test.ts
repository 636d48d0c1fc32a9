import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually';
import { ADMIN_TOKEN } from '../support/http';
import { startServer, type RunningServer } from '../support/server';
import { openTtsSocket } from '../support/speech-api';
import { createTestOrg, startVoiceServer, voice, type VoiceServer } from '../support/voice-api';

// Two instances on one database and one Redis, as behind a load balancer.
let a: VoiceServer;
let b: RunningServer;
let voiceId: string;

beforeAll(async () => {
  a = await startVoiceServer();
  b = await startServer({ env: { ADMIN_TOKEN, ...a.env } });
  const probe = await createTestOrg(a.url, 1);
  const list = (await voice(a.url, probe.apiKey, '/v1/voices').then((r) => r.json())) as {
    voices: { id: string; public: boolean }[];
  };
  voiceId = list.voices.find((v) => v.public)!.id;
});
afterAll(async () => {
  await b?.stop();
  await a?.dispose();
});

const long = 'The quick brown fox jumps over the lazy dog near the quiet river bank. '.repeat(60);

describe('concurrency slots across instances', () => {
  it('holds an unfunded org to one generation whichever instance serves it', async () => {
    const org = await createTestOrg(a.url, 10);
    const streaming = await voice(a.url, org.apiKey, '/v2/tts', {
      json: { text: long, voice: voiceId },
    });
    expect(streaming.status).toBe(200);
    const reader = streaming.body!.getReader();
    await reader.read();
    const other = await voice(b.url, org.apiKey, '/v2/tts', {
      json: { text: 'Hi.', voice: voiceId },
    });
    expect(other.status).toBe(429);
    expect(await other.json()).toMatchObject({ error: 'concurrency_limit_reached', limit: 1 });
    await reader.cancel();
  });

  it('frees a killed process’s WebSocket slot within one lease period (15 s)', async () => {
    const victim = await startServer({ env: { ADMIN_TOKEN, ...a.env } });
    const org = await createTestOrg(a.url, 10);
    const ws = await openTtsSocket(victim.url, org.apiKey);
    ws.send({ type: 'init', voice: voiceId });
    await ws.next((f) => f.type === 'ready');
    const blocked = await voice(b.url, org.apiKey, '/v2/tts', {
      json: { text: 'Hi.', voice: voiceId },
    });
    expect(blocked.status).toBe(429);
    await victim.kill();
    const killedAt = performance.now();
    await eventually(async () => {
      const attempt = await voice(b.url, org.apiKey, '/v2/tts', {
        json: { text: 'Hi.', voice: voiceId },
      });
      await attempt.arrayBuffer();
      return attempt.status === 200 ? true : undefined;
    }, 25_000);
    expect(performance.now() - killedAt).toBeLessThan(15_000 + 2_000);
  });
});
