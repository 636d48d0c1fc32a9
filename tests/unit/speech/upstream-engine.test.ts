import { http, HttpResponse } from 'msw';
import { mswServer } from '../../support/msw/msw-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pcmDurationSeconds, UpstreamSpeechEngine } from '@/lib/adapters/speech-engine';

// msw stands in for the third-party OpenAI-compatible speech server.
const BASE = 'http://tts.upstream.test/v1';
const requests: { auth: string | null; body: Record<string, unknown> }[] = [];
let failWith: number | null = null;

/** Half a second of a 440 Hz tone at 24 kHz, as an upstream's `pcm` answer. */
function tone(): ArrayBuffer {
  const samples = new Int16Array(12_000);
  for (let i = 0; i < samples.length; i += 1) {
    samples[i] = Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / 24_000));
  }
  return samples.buffer;
}

const msw = mswServer(
  http.post(`${BASE}/audio/speech`, async ({ request }) => {
    requests.push({
      auth: request.headers.get('authorization'),
      body: (await request.json()) as Record<string, unknown>,
    });
    if (failWith) return HttpResponse.json({ error: { message: 'down' } }, { status: failWith });
    return new HttpResponse(tone(), { headers: { 'content-type': 'audio/pcm' } });
  }),
);

let engine: UpstreamSpeechEngine;
beforeAll(() => {
  msw.listen({ onUnhandledRequest: 'error' });
  // After listen: the client keeps a reference to the fetch it finds when it is made.
  engine = new UpstreamSpeechEngine({
    baseURL: BASE,
    apiKey: 'sk-up',
    model: 'kokoro',
    maxRetries: 0,
  });
});
afterEach(() => {
  requests.length = 0;
  failWith = null;
});
afterAll(() => msw.close());

async function collect(iterable: AsyncIterable<{ text: string; pcm: Buffer }>) {
  const chunks: { text: string; pcm: Buffer }[] = [];
  for await (const chunk of iterable) chunks.push(chunk);
  return chunks;
}

describe('the upstream speech adapter', () => {
  it('asks the upstream once per sentence, with our model, voice, key and speed', async () => {
    const chunks = await collect(
      engine.synthesize({
        text: 'First one. Second one!',
        voice: 'nova',
        sampleRate: 24_000,
        speed: 1.5,
      }),
    );
    expect(chunks.map((c) => c.text)).toEqual(['First one.', 'Second one!']);
    expect(requests.map((r) => r.body)).toEqual([
      { model: 'kokoro', voice: 'nova', input: 'First one.', response_format: 'pcm', speed: 1.5 },
      { model: 'kokoro', voice: 'nova', input: 'Second one!', response_format: 'pcm', speed: 1.5 },
    ]);
    expect(requests[0]!.auth).toBe('Bearer sk-up');
  });

  it('resamples the 24 kHz answer to the rate asked for, keeping its length', async () => {
    const [chunk] = await collect(engine.synthesize({ text: 'Hello.', sampleRate: 8_000 }));
    expect(pcmDurationSeconds(chunk!.pcm, 8_000)).toBeCloseTo(0.5, 2);
    expect(chunk!.pcm.length).toBeCloseTo(8_000, -2);
    expect(requests[0]!.body.voice).toBe('alloy');
  });

  it('fails the synthesis when the upstream answers an error', async () => {
    failWith = 500;
    await expect(
      collect(engine.synthesize({ text: 'Hello.', sampleRate: 8_000 })),
    ).rejects.toThrow();
  });

  it('refuses a sample rate outside 8–48 kHz before calling the upstream', async () => {
    await expect(
      collect(engine.synthesize({ text: 'Hello.', sampleRate: 4_000 })),
    ).rejects.toMatchObject({
      field: 'sampleRate',
    });
    expect(requests).toHaveLength(0);
  });

  it('stops asking once aborted', async () => {
    const controller = new AbortController();
    const seen: string[] = [];
    await expect(
      (async () => {
        for await (const chunk of engine.synthesize({
          text: 'One. Two. Three.',
          sampleRate: 8_000,
          signal: controller.signal,
        })) {
          seen.push(chunk.text);
          controller.abort();
        }
      })(),
    ).rejects.toThrow();
    expect(seen).toEqual(['One.']);
    expect(requests).toHaveLength(1);
  });
});
