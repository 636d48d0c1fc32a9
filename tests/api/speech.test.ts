import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually';
import { ADMIN_TOKEN, depositUsd, expectError } from '../support/http';
import { mulawToPcm, openTtsSocket, parseWav, pcmSamples, rms } from '../support/speech-api';
import {
  createTestOrg,
  orgDetail,
  startVoiceServer,
  voice,
  type TestOrg,
  type VoiceServer,
} from '../support/voice-api';

let server: VoiceServer;
let voiceId: string;

beforeAll(async () => {
  server = await startVoiceServer({ env: { SPEECH_PRICE_PER_1K_CHARS_USD: '0.05' } });
  const probe = await createTestOrg(server.url, 1);
  const list = (await voice(server.url, probe.apiKey, '/v1/voices').then((r) => r.json())) as {
    voices: { id: string; public: boolean }[];
  };
  voiceId = list.voices.find((v) => v.public)!.id;
});
afterAll(() => server?.dispose());

/** The whole body of a speech request. */
async function audioOf(
  path: string,
  apiKey: string,
  json: Record<string, unknown>,
): Promise<Buffer> {
  const response = await voice(server.url, apiKey, path, { json });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

const sentence = 'The quick brown fox jumps over the lazy dog near the quiet river bank. ';
const text = (sentences: number) => sentence.repeat(sentences).trim();

const deposit = (orgId: string, amount: number) => depositUsd(server.url, orgId, amount);

interface Timed {
  status: number;
  start: number;
  end: number;
  headers: Headers;
  body: Buffer;
}

async function timedTts(org: TestOrg, input: string): Promise<Timed> {
  const start = performance.now();
  const response = await voice(server.url, org.apiKey, '/v2/tts', {
    json: {
      text: input,
      voice: voiceId,
      audio: { container: 'raw', encoding: 'pcm_s16le', sample_rate: 8000 },
    },
  });
  const body = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    start,
    end: performance.now(),
    headers: response.headers,
    body,
  };
}

/** The most successful generations whose request/response intervals overlap at one instant. */
function maxOverlap(results: Timed[]): number {
  const edges = results
    .filter((r) => r.status === 200)
    .flatMap((r) => [
      { at: r.start, delta: 1 },
      { at: r.end, delta: -1 },
    ])
    .sort((a, b) => a.at - b.at || a.delta - b.delta);
  let open = 0;
  let most = 0;
  for (const edge of edges) {
    open += edge.delta;
    most = Math.max(most, open);
  }
  return most;
}

/** The server's own count of the org's slots in use, sampled while `work` runs. */
async function sampleSlots<T>(
  orgId: string,
  work: Promise<T>,
): Promise<{ value: T; seen: number[] }> {
  const seen: number[] = [];
  let done = false;
  const sampler = (async () => {
    while (!done) {
      const detail = (await fetch(`${server.url}/internal/orgs/${orgId}`, {
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      }).then((r) => r.json())) as { speech_concurrency: { current: number } };
      seen.push(detail.speech_concurrency.current);
    }
  })();
  const value = await work;
  done = true;
  await sampler;
  return { value, seen };
}

async function burst(org: TestOrg, count: number, input: string) {
  const { value: results, seen } = await sampleSlots(
    org.orgId,
    Promise.all(Array.from({ length: count }, () => timedTts(org, input))),
  );
  const ok = results.filter((r) => r.status === 200);
  const refused = results.filter((r) => r.status === 429);
  expect(ok.length + refused.length).toBe(count);
  for (const r of refused) {
    expect(JSON.parse(r.body.toString('utf8'))).toEqual({
      error: 'concurrency_limit_reached',
      limit: expect.any(Number),
      message: expect.any(String),
      docs: `${server.url}/v1/openapi.json`,
    });
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(r.headers.get('retry-after')).toMatch(/^\d+$/);
  }
  return { results, ok, refused, seen };
}

describe('per-organization concurrency', () => {
  it('lets an unfunded org run exactly one generation at a time; the rest get the spec’s 429', async () => {
    const org = await createTestOrg(server.url, 10);
    const { results, ok, refused, seen } = await burst(org, 20, text(30));
    expect(Math.max(...seen)).toBe(1);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(refused.length).toBeGreaterThanOrEqual(15);
    expect(maxOverlap(results)).toBe(1);
    for (const r of ok) {
      expect(r.headers.get('x-concurrency-current')).toBe('1');
      expect(r.headers.get('x-concurrency-limit')).toBe('1');
    }
    expect(JSON.parse(refused[0]!.body.toString()).limit).toBe(1);
    expect(refused[0]!.headers.get('x-concurrency-limit')).toBe('1');
  });

  it('raises the cap to 5 after $5 of deposits ($3 then $2); the starting credit never counts', async () => {
    const org = await createTestOrg(server.url, 50);
    await deposit(org.orgId, 3);
    expect((await orgDetail(server.url, org.orgId)).limits.concurrency).toBe(1);
    await deposit(org.orgId, 2);
    expect((await orgDetail(server.url, org.orgId)).limits.concurrency).toBe(5);
    const { results, ok, seen } = await burst(org, 20, text(40));
    expect(Math.max(...seen)).toBe(5);
    expect(ok.length).toBe(5);
    expect(maxOverlap(results)).toBeLessThanOrEqual(5);
    expect(Math.max(...ok.map((r) => Number(r.headers.get('x-concurrency-current'))))).toBe(5);
  });

  it('frees the slot when a client aborts mid-stream', async () => {
    const org = await createTestOrg(server.url, 10);
    const controller = new AbortController();
    const response = await voice(server.url, org.apiKey, '/v2/tts', {
      json: { text: text(80), voice: voiceId },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    await reader.read();
    expect((await timedTts(org, 'Busy?')).status).toBe(429);
    controller.abort();
    const next = await eventually(async () => {
      const attempt = await timedTts(org, 'Free again.');
      return attempt.status === 200 ? attempt : undefined;
    }, 5_000);
    expect(next.headers.get('x-concurrency-current')).toBe('1');
  });

  it('holds a slot for an initialized WebSocket while it idles, and frees it on close', async () => {
    const org = await createTestOrg(server.url, 10);
    const ws = await openTtsSocket(server.url, org.apiKey);
    ws.send({ type: 'init', voice: voiceId, audio: { encoding: 'pcm_s16le', sample_rate: 16000 } });
    const ready = await ws.next((f) => f.type === 'ready');
    expect(ready).toMatchObject({
      encoding: 'pcm_s16le',
      sample_rate: 16000,
      session_id: expect.any(String),
    });
    await expectError429(await timedTts(org, 'Blocked while the socket idles.'));
    const second = await openTtsSocket(server.url, org.apiKey);
    second.send({ type: 'init', voice: voiceId });
    const refused = await second.next((f) => f.type === 'error');
    expect(refused).toMatchObject({ code: 'rate_limited', kind: 'rate_limited', limit: 1 });
    const closed = await second.closed;
    expect(closed.code).toBe(1013);
    expect(second.frames.some((f) => !Buffer.isBuffer(f) && f.type === 'ready')).toBe(false);
    ws.socket.close();
    await ws.closed;
    await eventually(
      async () => ((await timedTts(org, 'Free.')).status === 200 ? true : undefined),
      5_000,
    );
  });
});

async function expectError429(result: Timed) {
  expect(result.status).toBe(429);
  expect(JSON.parse(result.body.toString()).error).toBe('concurrency_limit_reached');
}

describe('audio on every surface', () => {
  let org: TestOrg;
  beforeAll(async () => {
    org = await createTestOrg(server.url, 20);
    await deposit(org.orgId, 5);
  });

  it('POST /v2/tts streams WAV and raw PCM/μ-law at the rate asked for; longer text, longer audio', async () => {
    const wav = await voice(server.url, org.apiKey, '/v2/tts', {
      json: {
        text: text(2),
        voice: voiceId,
        audio: { container: 'wav', encoding: 'pcm_s16le', sample_rate: 16000 },
      },
    });
    expect(wav.headers.get('content-type')).toBe('audio/wav');
    const parsed = parseWav(Buffer.from(await wav.arrayBuffer()));
    expect(parsed).toMatchObject({ sampleRate: 16000, bitsPerSample: 16, channels: 1 });
    expect(rms(parsed.samples)).toBeGreaterThan(200);

    const longer = parseWav(
      await audioOf('/v2/tts', org.apiKey, {
        text: text(4),
        voice: voiceId,
        audio: { sample_rate: 16000 },
      }),
    );
    expect(longer.seconds).toBeGreaterThan(parsed.seconds * 1.5);

    const mulawWav = parseWav(
      await audioOf('/v2/tts', org.apiKey, {
        text: text(1),
        voice: voiceId,
        audio: { container: 'wav', encoding: 'mulaw', sample_rate: 8000 },
      }),
    );
    expect(mulawWav.sampleRate).toBe(8000);
    expect(rms(mulawWav.samples)).toBeGreaterThan(200);

    const raw = await voice(server.url, org.apiKey, '/v2/tts', {
      json: {
        text: text(1),
        voice: voiceId,
        audio: { container: 'raw', encoding: 'mulaw', sample_rate: 8000 },
      },
    });
    const rawBytes = Buffer.from(await raw.arrayBuffer());
    // μ-law is one byte per sample: the same length in bytes as seconds × 8000.
    expect(rawBytes.length / 8000).toBeCloseTo(mulawWav.seconds, 1);
    const bad = await voice(server.url, org.apiKey, '/v2/tts', {
      json: { text: 'x', voice: voiceId, audio: { encoding: 'mulaw', sample_rate: 16000 } },
    });
    const { envelope } = await expectError(bad, 400, 'INVALID_BODY');
    expect(envelope.error.field).toBe('audio.sample_rate');
  });

  it('sends the first bytes of a 4,000-character text well before the last', async () => {
    const input = text(56).slice(0, 4000);
    const started = performance.now();
    const response = await voice(server.url, org.apiKey, '/v2/tts', {
      json: { text: input, voice: voiceId, audio: { container: 'raw', sample_rate: 8000 } },
    });
    const reader = response.body!.getReader();
    let first = 0;
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!first) first = performance.now() - started;
      bytes += value.byteLength;
    }
    const total = performance.now() - started;
    expect(bytes / 2 / 8000).toBeGreaterThan(100);
    expect(first).toBeLessThan(total / 4);
  });

  it('serves the official openai client at {api_url}/v2', async () => {
    const client = new OpenAI({ baseURL: `${server.url}/v2`, apiKey: org.apiKey, maxRetries: 0 });
    const speech = await client.audio.speech.create({
      model: 'btts-3',
      voice: voiceId,
      input: text(2),
      response_format: 'wav',
    });
    const parsed = parseWav(Buffer.from(await speech.arrayBuffer()));
    expect(parsed.sampleRate).toBe(24000);
    expect(rms(parsed.samples)).toBeGreaterThan(200);
    const pcm = await client.audio.speech.create({
      model: 'btts-2',
      voice: voiceId,
      input: 'Hi.',
      response_format: 'pcm',
    });
    expect(rms(pcmSamples(Buffer.from(await pcm.arrayBuffer())))).toBeGreaterThan(100);
    await expect(
      client.audio.speech.create({ model: 'tts-1', voice: voiceId, input: 'Hi.' }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('POST /v1/speak answers a whole WAV with x-latency and x-cost', async () => {
    for (const [format, rate] of [
      ['pcm_16000', 16000],
      ['ulaw_8000', 8000],
      ['pcm_44100', 44100],
    ] as const) {
      const response = await voice(server.url, org.apiKey, '/v1/speak', {
        json: { text: text(1), voice_id: voiceId, output_format: format },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('audio/x-wav');
      expect(Number(response.headers.get('x-latency'))).toBeGreaterThanOrEqual(0);
      // 0.05 USD per 1,000 characters.
      expect(Number(response.headers.get('x-cost'))).toBeCloseTo((text(1).length * 0.05) / 1000, 5);
      const parsed = parseWav(Buffer.from(await response.arrayBuffer()));
      expect(parsed.sampleRate).toBe(rate);
      expect(rms(parsed.samples)).toBeGreaterThan(200);
    }
    const tooLong = await voice(server.url, org.apiKey, '/v1/speak', {
      json: { text: 'x'.repeat(5001), voice_id: voiceId },
    });
    expect((await expectError(tooLong, 400, 'INVALID_BODY')).envelope.error.field).toBe('text');
  });

  it('speaks over the WebSocket: utterances, binary PCM, pre-emption, cancel, done', async () => {
    const balanceBefore = (await orgDetail(server.url, org.orgId)).wallet.balance_usd;
    const ws = await openTtsSocket(server.url, org.apiKey);
    ws.send({ type: 'init', voice: voiceId, audio: { encoding: 'pcm_s16le', sample_rate: 8000 } });
    await ws.next((f) => f.type === 'ready');
    ws.send({ type: 'speak', context_id: 'a', text: text(1) });
    await ws.next((f) => f.type === 'utterance_end' && f.context_id === 'a');
    const audio = Buffer.concat(ws.frames.filter((f): f is Buffer => Buffer.isBuffer(f)));
    expect(rms(pcmSamples(audio))).toBeGreaterThan(200);
    expect(ws.frames.find((f) => !Buffer.isBuffer(f) && f.type === 'utterance_end')).toMatchObject({
      reason: 'complete',
    });

    ws.send({ type: 'speak', context_id: 'b', text: text(60) });
    await ws.next((f) => f.type === 'utterance_start' && f.context_id === 'b');
    ws.send({ type: 'speak', context_id: 'c', text: 'New topic.' });
    expect(await ws.next((f) => f.type === 'utterance_end' && f.context_id === 'b')).toMatchObject({
      reason: 'preempted',
    });
    expect(await ws.next((f) => f.type === 'utterance_end' && f.context_id === 'c')).toMatchObject({
      reason: 'complete',
    });
    ws.send({ type: 'speak', context_id: 'd', text: text(60) });
    await ws.next((f) => f.type === 'utterance_start' && f.context_id === 'd');
    ws.send({ type: 'cancel' });
    expect(await ws.next((f) => f.type === 'utterance_end' && f.context_id === 'd')).toMatchObject({
      reason: 'cancelled',
    });
    ws.send({ type: 'close' });
    await ws.next((f) => f.type === 'done');
    expect((await ws.closed).code).toBe(1000);
    // Utterances a and c were spoken whole; b (pre-empted) and d (cancelled) pay only for what
    // was spoken before they stopped, never for all of their text.
    const cost = (chars: number) => (chars * 0.05) / 1000;
    const whole = cost(text(1).length + 'New topic.'.length);
    const charged = balanceBefore - (await orgDetail(server.url, org.orgId)).wallet.balance_usd;
    expect(charged).toBeGreaterThanOrEqual(whole - 1e-9);
    expect(charged).toBeLessThan(whole + cost(text(60).length));
  });

  it('sends μ-law frames when init asks for them', async () => {
    const ws = await openTtsSocket(server.url, org.apiKey);
    ws.send({ type: 'init', voice: voiceId, audio: { encoding: 'mulaw', sample_rate: 8000 } });
    expect(await ws.next((f) => f.type === 'ready')).toMatchObject({
      encoding: 'mulaw',
      sample_rate: 8000,
    });
    ws.send({ type: 'speak', context_id: 'm', text: text(1) });
    await ws.next((f) => f.type === 'utterance_end' && f.context_id === 'm');
    const bytes = Buffer.concat(ws.frames.filter((f): f is Buffer => Buffer.isBuffer(f)));
    // One byte per sample: as many bytes as the same text's 8 kHz PCM has samples.
    const pcm = await audioOf('/v2/tts', org.apiKey, {
      text: text(1),
      voice: voiceId,
      audio: { container: 'raw', encoding: 'pcm_s16le', sample_rate: 8000 },
    });
    expect(bytes.length / (pcm.length / 2)).toBeGreaterThan(0.8);
    expect(bytes.length / (pcm.length / 2)).toBeLessThan(1.25);
    expect(rms(mulawToPcm(bytes))).toBeGreaterThan(200);
    ws.socket.close();
  });

  it('refuses the upgrade without a valid key (401), and takes ?api_key= for browsers', async () => {
    await expect(openTtsSocket(server.url, null)).rejects.toThrow(/401/);
    await expect(openTtsSocket(server.url, 'vai_sk_wrong')).rejects.toThrow(/401/);
    const ws = await openTtsSocket(server.url, null, `?api_key=${org.apiKey}`);
    ws.send({ type: 'init', voice: voiceId });
    await ws.next((f) => f.type === 'ready');
    ws.socket.close();
  });

  it('plays a shared link without a key, billed to the link’s owner', async () => {
    const before = (await orgDetail(server.url, org.orgId)).wallet.balance_usd;
    const created = await voice(server.url, org.apiKey, '/v1/audio/shares', {
      json: { text: text(1), voice: voiceId },
    });
    expect(created.status).toBe(201);
    const { url } = (await created.json()) as { url: string };
    const played = await fetch(url);
    expect(played.status).toBe(200);
    expect(rms(parseWav(Buffer.from(await played.arrayBuffer())).samples)).toBeGreaterThan(200);
    const after = (await orgDetail(server.url, org.orgId)).wallet.balance_usd;
    expect(before - after).toBeCloseTo((text(1).length * 0.05) / 1000, 6);
    await expectError(
      await fetch(url.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))),
      404,
      'NOT_FOUND',
    );
  });
});

describe('billing', () => {
  it('charges per character and refuses with 402 before any audio when the wallet cannot pay', async () => {
    const org = await createTestOrg(server.url, 0.001);
    // 0.05 USD per 1,000 characters: 0.001 USD pays for 20 characters.
    const ok = await voice(server.url, org.apiKey, '/v2/tts', {
      json: { text: 'Hello there.', voice: voiceId },
    });
    expect(ok.status).toBe(200);
    await ok.arrayBuffer();
    const poor = await voice(server.url, org.apiKey, '/v2/tts', {
      json: { text: text(1), voice: voiceId },
    });
    await expectError(poor, 402, 'INSUFFICIENT_BALANCE');
    const wallet = (await orgDetail(server.url, org.orgId)).wallet;
    expect(wallet.balance_usd).toBeCloseTo(0.001 - (12 * 0.05) / 1000, 6);
  });

  it('never takes a wallet below zero under concurrent generations', async () => {
    const org = await createTestOrg(server.url, 0.01);
    await fetch(`${server.url}/internal/orgs/${org.orgId}/limits`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ concurrency: 20 }),
    });
    // Each costs 70 × 0.05 / 1000 = 0.0035 USD: two fit in 0.01, a third does not.
    const results = await Promise.all(
      Array.from({ length: 10 }, () => timedTts(org, sentence.trim())),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    expect(results.filter((r) => r.status === 402)).toHaveLength(8);
    expect((await orgDetail(server.url, org.orgId)).wallet.balance_usd).toBeGreaterThanOrEqual(0);
  });
});
