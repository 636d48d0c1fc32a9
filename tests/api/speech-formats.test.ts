import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeAudio, floatRms } from '../support/decode-audio';
import {
  createTestOrg,
  startVoiceServer,
  voice,
  type TestOrg,
  type VoiceServer,
} from '../support/voice-api';

// The official openai client's default response_format is mp3: a drop-in user's first request.
// Every compressed format is checked by decoding it with an independent decoder.
let server: VoiceServer;
let org: TestOrg;
let voiceId: string;
let client: OpenAI;

beforeAll(async () => {
  server = await startVoiceServer();
  org = await createTestOrg(server.url, 10);
  const list = (await voice(server.url, org.apiKey, '/v1/voices').then((r) => r.json())) as {
    voices: { id: string; public: boolean }[];
  };
  voiceId = list.voices.find((v) => v.public)!.id;
  client = new OpenAI({ baseURL: `${server.url}/v2`, apiKey: org.apiKey, maxRetries: 0 });
});
afterAll(() => server?.dispose());

const input = 'The quick brown fox jumps over the lazy dog. It was a bright cold day in April.';

async function speech(format?: 'mp3' | 'opus' | 'flac') {
  const response = await client.audio.speech.create({
    model: 'btts-3',
    voice: voiceId,
    input,
    ...(format ? { response_format: format } : {}),
  });
  return {
    type: response.headers.get('content-type'),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

describe('compressed speech formats', () => {
  it('the openai client’s default request gets a valid MP3', async () => {
    const { type, bytes } = await speech();
    expect(type).toBe('audio/mpeg');
    // An MPEG audio frame header: 11 sync bits, MPEG-2 (24 kHz), layer III.
    expect(bytes[0]).toBe(0xff);
    expect(bytes[1]! & 0xfe).toBe(0xf2);
    const audio = await decodeAudio('mp3', bytes);
    expect(audio).toMatchObject({ sampleRate: 24000, errors: 0 });
    expect(audio.seconds).toBeGreaterThan(3);
    expect(floatRms(audio.samples)).toBeGreaterThan(200);
  });

  it('opus is Ogg Opus', async () => {
    const { type, bytes } = await speech('opus');
    expect(type).toBe('audio/ogg; codecs=opus');
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('OggS');
    expect(bytes.subarray(28, 36).toString('latin1')).toBe('OpusHead');
    const audio = await decodeAudio('opus', bytes);
    expect(audio).toMatchObject({ sampleRate: 48000, errors: 0 });
    expect(audio.seconds).toBeGreaterThan(3);
    expect(floatRms(audio.samples)).toBeGreaterThan(200);
  });

  it('flac is FLAC', async () => {
    const { type, bytes } = await speech('flac');
    expect(type).toBe('audio/flac');
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('fLaC');
    const audio = await decodeAudio('flac', bytes);
    expect(audio).toMatchObject({ sampleRate: 24000, errors: 0 });
    expect(audio.seconds).toBeGreaterThan(3);
    expect(floatRms(audio.samples)).toBeGreaterThan(200);
  });

  it('the three formats carry the same speech (same length within a frame or two)', async () => {
    // One at a time: an unfunded org has one concurrency slot.
    const lengths: number[] = [];
    for (const format of ['mp3', 'opus', 'flac'] as const)
      lengths.push((await decodeAudio(format, (await speech(format)).bytes)).seconds);
    for (const seconds of lengths) expect(Math.abs(seconds - lengths[2]!)).toBeLessThan(0.15);
  });

  it('aac stays a 400 naming response_format', async () => {
    const response = await voice(server.url, org.apiKey, '/v2/audio/speech', {
      json: { model: 'btts-3', voice: voiceId, input: 'Hi.', response_format: 'aac' },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { code: 'INVALID_BODY', field: 'response_format' },
    });
  });

  it('POST /v2/tts streams mp3, ogg_opus and flac at the rate asked for', async () => {
    for (const [container, rate, kind, decodedRate] of [
      ['mp3', 16000, 'mp3', 16000],
      ['ogg_opus', 16000, 'opus', 48000],
      ['flac', 44100, 'flac', 44100],
    ] as const) {
      const response = await voice(server.url, org.apiKey, '/v2/tts', {
        json: { text: input, voice: voiceId, audio: { container, sample_rate: rate } },
      });
      expect(response.status).toBe(200);
      const audio = await decodeAudio(kind, Buffer.from(await response.arrayBuffer()));
      expect(audio).toMatchObject({ sampleRate: decodedRate, errors: 0 });
      expect(floatRms(audio.samples)).toBeGreaterThan(200);
    }
    const refused = await voice(server.url, org.apiKey, '/v2/tts', {
      json: { text: input, voice: voiceId, audio: { container: 'ogg_opus', sample_rate: 44100 } },
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: { field: 'audio.sample_rate' } });
  });

  it('a long mp3 streams: the first bytes arrive well before the last', async () => {
    const started = performance.now();
    const response = await voice(server.url, org.apiKey, '/v2/tts', {
      json: { text: input.repeat(25), voice: voiceId, audio: { container: 'mp3' } },
    });
    const reader = response.body!.getReader();
    let first = 0;
    const chunks: Buffer[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!first) first = performance.now() - started;
      chunks.push(Buffer.from(value));
    }
    const total = performance.now() - started;
    expect(first).toBeLessThan(total / 3);
    const audio = await decodeAudio('mp3', Buffer.concat(chunks));
    expect(audio.errors).toBe(0);
    expect(audio.seconds).toBeGreaterThan(60);
  });
});
