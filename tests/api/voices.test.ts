import wavefile from 'wavefile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSpeechEngine } from '@/lib/adapters/speech-engine';
import { VoiceListResponse, VoiceObject } from '@/schemas/voices';
import { admin, depositUsd, expectError } from '../support/http';
import {
  createTestOrg,
  startVoiceServer,
  TASK,
  voice,
  type TestOrg,
  type VoiceServer,
} from '../support/voice-api';
import { synthesizeWav, toneWav } from '../support/voice-samples';

const { WaveFile } = wavefile;

let server: VoiceServer;
let org: TestOrg;
let femaleSample: Buffer;
let maleSample: Buffer;

beforeAll(async () => {
  const engine = createSpeechEngine({ poolSize: 1 });
  [femaleSample, maleSample] = [
    await synthesizeWav(engine, { voice: 'en-us+f3', pitch: 60 }),
    await synthesizeWav(engine, { voice: 'en-us' }),
  ];
  await engine.close();
  server = await startVoiceServer();
  org = await createTestOrg(server.url, 10);
});
afterAll(() => server?.dispose());

function upload(
  fields: {
    name?: string;
    description?: string;
    samples?: (Buffer | string)[];
    consentRecording?: Buffer;
  },
  type = 'audio/wav',
): FormData {
  const form = new FormData();
  if (fields.consentRecording)
    form.append('consent_recording', new Blob([new Uint8Array(fields.consentRecording)]), 'c.wav');
  if (fields.name !== undefined) form.append('name', fields.name);
  if (fields.description !== undefined) form.append('description', fields.description);
  for (const [i, sample] of (fields.samples ?? []).entries()) {
    if (typeof sample === 'string') form.append('audio_samples', sample);
    else form.append('audio_samples', new Blob([new Uint8Array(sample)], { type }), `s${i}.wav`);
  }
  return form;
}

const post = (apiKey: string, path: string, body: FormData) =>
  voice(server.url, apiKey, path, { method: 'POST', body });

describe('instant clones', () => {
  it('clones real speech, lists it, and previews it as valid non-silent WAV', async () => {
    const response = await post(
      org.apiKey,
      '/v1/voices/clone',
      upload({ name: 'My voice', samples: [femaleSample, femaleSample] }),
    );
    expect(response.status).toBe(201);
    const created = (await response.json()) as { voice_id: string; name: string };
    expect(created).toEqual({
      voice_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'My voice',
      kind: 'instant',
      state: 'live',
      generation: 'V3',
    });

    const list = VoiceListResponse.parse(
      await (await voice(server.url, org.apiKey, '/v1/voices')).json(),
    );
    expect(list.voices.map((v) => v.id)).toEqual(expect.arrayContaining(['ava', 'james']));
    const mine = list.voices.find((v) => v.id === created.voice_id);
    expect(mine).toMatchObject({
      name: 'My voice',
      public: false,
      kind: 'instant',
      state: 'live',
      clone: { engine_voice: 'en-us+f3', generation: 'V3', measured: { samples: 2 } },
    });
    expect(mine!.clone!.measured.pitch_hz).toBeGreaterThan(180);

    const one = await voice(server.url, org.apiKey, `/v1/voices/${created.voice_id}`);
    expect(VoiceObject.parse(await one.json()).id).toBe(created.voice_id);
    const engineList = VoiceListResponse.parse(
      await (await voice(server.url, org.apiKey, '/v1/voices?include_engine=true')).json(),
    );
    expect(engineList.voices.length).toBeGreaterThan(148);

    const preview = await voice(server.url, org.apiKey, `/v1/voices/${created.voice_id}/preview`, {
      json: { text: 'Hello there, this is my cloned voice.' },
    });
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('audio/wav');
    const wav = new WaveFile();
    wav.fromBuffer(new Uint8Array(await preview.arrayBuffer()));
    const samples = wav.getSamples(false, Int16Array) as unknown as Int16Array;
    expect((wav.fmt as { sampleRate: number }).sampleRate).toBe(24_000);
    expect(samples.length / 24_000).toBeGreaterThan(1);
    expect(Math.max(...samples.map(Math.abs))).toBeGreaterThan(1_000);

    // The slot is taken (1 before the unlock); deleting frees it.
    await expectError(
      await post(org.apiKey, '/v1/voices/clone', upload({ name: 'Two', samples: [maleSample] })),
      403,
      'INSTANT_CLONE_LIMIT_REACHED',
    );
    const removed = await voice(server.url, org.apiKey, `/v1/voices/${created.voice_id}`, {
      method: 'DELETE',
    });
    expect(await removed.json()).toEqual({ voice_id: created.voice_id, deleted: true });
    const male = await post(
      org.apiKey,
      '/v1/voices/clone',
      upload({ name: 'Two', samples: [maleSample] }),
    );
    expect(male.status).toBe(201);
    const maleId = ((await male.json()) as { voice_id: string }).voice_id;
    const maleVoice = VoiceObject.parse(
      await (await voice(server.url, org.apiKey, `/v1/voices/${maleId}`)).json(),
    );
    expect(maleVoice.clone?.engine_voice).toBe('en-us');
  });

  it('refuses each bad upload with 400 naming the field', async () => {
    const other = await createTestOrg(server.url, 1);
    const cases: [string, RequestInit, string][] = [
      [
        'non-WAV bytes',
        { body: upload({ name: 'x', samples: [Buffer.from('MP3?')] }) },
        'audio_samples',
      ],
      [
        'a 0.5 s sample',
        { body: upload({ name: 'x', samples: [toneWav(180, 0.5)] }) },
        'audio_samples',
      ],
      [
        'a 61 s sample',
        { body: upload({ name: 'x', samples: [toneWav(180, 61, 8_000)] }) },
        'audio_samples',
      ],
      [
        'an 11 MB file',
        { body: upload({ name: 'x', samples: [Buffer.alloc(11 * 1024 * 1024)] }) },
        'audio_samples',
      ],
      ['no samples', { body: upload({ name: 'x' }) }, 'audio_samples'],
      [
        'a text field as sample',
        { body: upload({ name: 'x', samples: ['abc'] }) },
        'audio_samples',
      ],
      [
        'a 31-character name',
        { body: upload({ name: 'n'.repeat(31), samples: [maleSample] }) },
        'name',
      ],
      ['no name', { body: upload({ samples: [maleSample] }) }, 'name'],
      [
        'JSON instead of multipart',
        { body: JSON.stringify({ name: 'x' }), headers: { 'content-type': 'application/json' } },
        'Content-Type',
      ],
    ];
    for (const [label, init, field] of cases) {
      for (const path of ['/v1/voices/clone', '/v1/voices/professional']) {
        const response = await voice(server.url, other.apiKey, path, { method: 'POST', ...init });
        const { envelope } = await expectError(response, 400, 'INVALID_BODY');
        expect(envelope.error.field, `${label} on ${path}`).toBe(field);
      }
    }
    // A body over 25 MB + overhead is refused before it is read.
    const huge = upload({
      name: 'x',
      samples: [
        Buffer.alloc(9 * 1024 * 1024),
        Buffer.alloc(9 * 1024 * 1024),
        Buffer.alloc(9 * 1024 * 1024),
      ],
    });
    await expectError(await post(other.apiKey, '/v1/voices/clone', huge), 413, 'PAYLOAD_TOO_LARGE');
    // Nothing was created.
    const list = VoiceListResponse.parse(
      await (await voice(server.url, other.apiKey, '/v1/voices')).json(),
    );
    expect(list.voices.filter((v) => !v.public)).toEqual([]);
  });
});

describe('professional clones', () => {
  it('a draft is previewable but unusable in calls until reviewed, funded and promoted', async () => {
    const owner = await createTestOrg(server.url, 10);
    const response = await post(
      owner.apiKey,
      '/v1/voices/professional',
      upload({ name: 'Studio', samples: [femaleSample], consentRecording: maleSample }),
    );
    expect(response.status).toBe(201);
    const { voice_id: id, state } = (await response.json()) as { voice_id: string; state: string };
    expect(state).toBe('draft');

    const preview = await voice(server.url, owner.apiKey, `/v1/voices/${id}/preview`, {
      method: 'POST',
    });
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('audio/wav');

    const call = { phone_number: '+14155550123', task: TASK, voice: id };
    const refused = await voice(server.url, owner.apiKey, '/v1/calls', { json: call });
    const { envelope } = await expectError(refused, 409, 'VOICE_NOT_LIVE');
    expect(envelope.error.field).toBe('voice');
    const unknown = await voice(server.url, owner.apiKey, '/v1/calls', {
      json: { ...call, voice: 'no-such-voice' },
    });
    expect((await expectError(unknown, 404, 'VOICE_NOT_FOUND')).envelope.error.field).toBe('voice');

    const promote = () =>
      voice(server.url, owner.apiKey, `/v1/voices/${id}/promote`, { method: 'POST' });
    await expectError(await promote(), 409, 'REVIEW_NOT_PASSED');
    await admin(server.url, `/internal/voices/${id}/review`, {
      method: 'POST',
      body: JSON.stringify({ approved: true, note: 'Consent on file' }),
    });
    await expectError(await promote(), 402, 'ORG_NOT_FUNDED');
    // A draft without the speaker's recorded consent statement cannot go live, even approved.
    const unrecorded = await post(
      owner.apiKey,
      '/v1/voices/professional',
      upload({ name: 'Unrecorded', samples: [femaleSample] }),
    );
    expect(unrecorded.status).toBe(201);
    const { voice_id: unrecordedId } = (await unrecorded.json()) as { voice_id: string };
    await admin(server.url, `/internal/voices/${unrecordedId}/review`, {
      method: 'POST',
      body: JSON.stringify({ approved: true }),
    });
    const refusedPromotion = await voice(
      server.url,
      owner.apiKey,
      `/v1/voices/${unrecordedId}/promote`,
      { method: 'POST' },
    );
    await expectError(refusedPromotion, 409, 'CONSENT_RECORDING_MISSING');
    await depositUsd(server.url, owner.orgId, 5);
    const promoted = await promote();
    expect(promoted.status).toBe(200);
    expect(VoiceObject.parse(await promoted.json())).toMatchObject({
      state: 'live',
      clone: { review: { status: 'approved', note: 'Consent on file' } },
    });
    const placed = await voice(server.url, owner.apiKey, '/v1/calls', { json: call });
    expect(placed.status).toBe(200);

    // Another organization sees none of it.
    for (const [method, path] of [
      ['GET', `/v1/voices/${id}`],
      ['DELETE', `/v1/voices/${id}`],
      ['POST', `/v1/voices/${id}/preview`],
      ['POST', `/v1/voices/${id}/promote`],
    ] as const) {
      await expectError(
        await voice(server.url, org.apiKey, path, { method }),
        404,
        'VOICE_NOT_FOUND',
      );
    }
    await expectError(
      await voice(server.url, org.apiKey, '/v1/calls', { json: call }),
      404,
      'VOICE_NOT_FOUND',
    );
  });

  it('needs an API key, and the review needs the admin token', async () => {
    await expectError(await fetch(`${server.url}/v1/voices`), 401, 'UNAUTHENTICATED');
    const review = await fetch(
      `${server.url}/internal/voices/00000000-0000-4000-8000-000000000000/review`,
      { method: 'POST', body: JSON.stringify({ approved: true }) },
    );
    expect(review.status).toBe(401);
  });
});

describe('our own audio back in', () => {
  it('clones a voice from a WAV streamed by /v2/tts (placeholder RIFF and data sizes)', async () => {
    const own = await createTestOrg(server.url, 10);
    const tts = await voice(server.url, own.apiKey, '/v2/tts', {
      json: {
        text: 'Good morning. This is a sample of our own speech, long enough to clone a voice from.',
        voice: 'ava',
      },
    });
    expect(tts.status).toBe(200);
    const wav = Buffer.from(await tts.arrayBuffer());
    expect(wav.readUInt32LE(4)).toBe(0xffffffff);
    expect(wav.readUInt32LE(wav.indexOf('data') + 4)).toBe(0xffffffff);

    const response = await post(
      own.apiKey,
      '/v1/voices/clone',
      upload({ name: 'Echo', samples: [wav] }),
    );
    expect(response.status, await response.clone().text()).toBe(201);
    const { voice_id } = (await response.json()) as { voice_id: string };
    const cloned = VoiceObject.parse(
      await (await voice(server.url, own.apiKey, `/v1/voices/${voice_id}`)).json(),
    );
    const seconds = cloned.clone?.measured.sample_seconds ?? 0;
    expect(seconds).toBeGreaterThan(1);
    expect(seconds).toBeLessThan(60);
  });
});
