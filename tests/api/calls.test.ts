import { WaveFile } from 'wavefile';
import { describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually';
import { expectError } from '../support/http';
import {
  createTestOrg,
  dispatch,
  getCall,
  orgDetail,
  serverWithOrgForFile,
  type ServerWithOrg,
  TASK,
  voice,
  waitForEnd,
} from '../support/voice-api';

let { server, org } = {} as ServerWithOrg;

// A 30-second call plays in about 0.15 s of wall time.
serverWithOrgForFile({ env: { SANDBOX_TIME_SCALE: '200' } }, 20, (started) => {
  ({ server, org } = started);
});

const person = '+14155550123';

describe('a call on the sandbox line', () => {
  it('is queued, then plays to completion with a real transcript, timings and price', async () => {
    const request = {
      phone_number: person,
      task: TASK,
      request_data: { day: 'Friday' },
      metadata: { crm_id: 42 },
      first_sentence: 'Hi, this is Ava from Bright Dental.',
    };
    const response = await voice(server.url, org.apiKey, '/v1/calls', { json: request });
    expect(response.status).toBe(200);
    const dispatched = (await response.json()) as Record<string, unknown>;
    expect(dispatched).toEqual({
      status: 'success',
      message: 'Call successfully queued.',
      call_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      batch_id: null,
    });
    const callId = dispatched.call_id as string;
    const call = await waitForEnd(server.url, org.apiKey, callId);
    expect(call).toMatchObject({
      call_id: callId,
      c_id: callId,
      status: 'completed',
      queue_status: 'complete',
      completed: true,
      to: person,
      from: '+15005550006',
      answered_by: 'human',
      call_ended_by: 'ASSISTANT',
      error_message: null,
      metadata: { crm_id: 42 },
      // The dispatch parameters as sent (the spec's "original request parameters").
      request_data: request,
      max_duration: 30,
      batch_id: null,
      record: false,
      recording_url: null,
      endpoint_url: 'sandbox://simulated-line',
      sandbox: true,
    });
    expect(call.transcripts[0]).toMatchObject({
      user: 'assistant',
      // The AI disclosure (on by default) opens the agent's first line.
      text: 'This is an automated assistant. Hi, this is Ava from Bright Dental.',
      c_id: callId,
    });
    expect(call.transcripts.at(-1)).toMatchObject({ user: 'assistant' });
    expect(call.transcripts.map((t) => t.user)).toEqual(
      call.transcripts.map((_, i) => (i % 2 === 0 ? 'assistant' : 'user')),
    );
    expect(call.concatenated_transcript.split('\n')).toHaveLength(call.transcripts.length);
    const seconds = Number(call.corrected_duration);
    expect(seconds).toBeGreaterThan(5);
    expect(call.call_length).toBeCloseTo(seconds / 60, 1);
    expect(Date.parse(call.end_at!)).toBeGreaterThan(Date.parse(call.started_at!));
    expect(call.summary).toEqual(expect.any(String));
    // $0.09 per started minute of audio.
    expect(call.price).toBeCloseTo(Math.ceil((call.call_length! * 60) / 60) * 0.09, 6);
    const wallet = (await orgDetail(server.url, org.orgId)).wallet;
    expect(wallet.balance_usd).toBeLessThan(20);
  });

  it('lets the recipient speak first with wait_for_greeting', async () => {
    const callId = await dispatch(server.url, org.apiKey, {
      phone_number: person,
      task: 'Ask for opening hours.',
      wait_for_greeting: true,
    });
    const call = await waitForEnd(server.url, org.apiKey, callId);
    expect(call.transcripts[0]).toMatchObject({ user: 'user', text: 'Hello?' });
  });

  it.each([
    ['+14155550101', 'call_error', 'no-answer', /no answer/i],
    ['+14155550102', 'call_error', null, /busy/i],
    ['+14155550104', 'call_error', null, /not in service/i],
  ] as const)(
    'gives test number %s its fixed outcome',
    async (number, queueStatus, answeredBy, error) => {
      const callId = await dispatch(server.url, org.apiKey, {
        phone_number: number,
        task: 'Hello.',
      });
      const call = await waitForEnd(server.url, org.apiKey, callId);
      expect(call).toMatchObject({
        queue_status: queueStatus,
        status: 'error',
        answered_by: answeredBy,
      });
      expect(call.error_message).toMatch(error);
      expect(call.transcripts).toEqual([]);
      expect(call.price).toBe(0);
    },
  );

  it('reaches voicemail on 555-0103 and leaves one message', async () => {
    const callId = await dispatch(server.url, org.apiKey, {
      phone_number: '+14155550103',
      task: 'Remind them about the invoice. It is due Monday.',
    });
    const call = await waitForEnd(server.url, org.apiKey, callId);
    expect(call).toMatchObject({ queue_status: 'complete', answered_by: 'voicemail' });
    expect(call.transcripts.map((t) => t.user)).toEqual(['user', 'assistant']);
    expect(call.transcripts[0]!.text).toMatch(/leave a message/i);
    expect(call.transcripts[1]!.text).toContain('Remind them about the invoice.');
  });

  it('records the call: a valid WAV as long as corrected_duration, by signed link and by key', async () => {
    const callId = await dispatch(server.url, org.apiKey, {
      phone_number: person,
      task: TASK,
      record: true,
    });
    const call = await waitForEnd(server.url, org.apiKey, callId);
    expect(call.recording_url).toMatch(`/v1/recordings/${callId}?expires=`);
    const signed = await fetch(call.recording_url!);
    expect(signed.status).toBe(200);
    expect(signed.headers.get('content-type')).toBe('audio/wav');
    const wav = new WaveFile(new Uint8Array(await signed.arrayBuffer()));
    const fmt = wav.fmt as { numChannels: number; sampleRate: number; bitsPerSample: number };
    expect(fmt).toMatchObject({ numChannels: 1, sampleRate: 8000, bitsPerSample: 16 });
    const samples = (wav.data as { chunkSize: number }).chunkSize / 2;
    expect(Math.abs(samples / 8000 - Number(call.corrected_duration))).toBeLessThanOrEqual(1);

    const byKey = await voice(server.url, org.apiKey, `/v1/calls/${callId}/recording`);
    expect(byKey.status).toBe(200);
    expect(Buffer.from(await byKey.arrayBuffer()).equals(Buffer.from(wav.toBuffer()))).toBe(true);

    const tampered = call.recording_url!.replace(
      /signature=(.)/,
      (_m, c: string) => `signature=${c === 'A' ? 'B' : 'A'}`,
    );
    await expectError(await fetch(tampered), 404, 'NOT_FOUND');
    const longer = call.recording_url!.replace(
      /expires=(\d+)/,
      (_m, n: string) => `expires=${Number(n) + 1}`,
    );
    await expectError(await fetch(longer), 404, 'NOT_FOUND');
  });
});

describe('Idempotency-Key', () => {
  const payload = { phone_number: person, task: 'Say hello.' };

  it('replays the original answer and refuses the same key with another body', async () => {
    const key = `replay-${Date.now()}`;
    const first = await voice(server.url, org.apiKey, '/v1/calls', {
      json: payload,
      headers: { 'idempotency-key': key },
    });
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const firstBody = await first.json();
    const again = await voice(server.url, org.apiKey, '/v1/calls', {
      json: payload,
      headers: { 'idempotency-key': key },
    });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(firstBody);
    const other = await voice(server.url, org.apiKey, '/v1/calls', {
      json: { ...payload, task: 'Say goodbye.' },
      headers: { 'idempotency-key': key },
    });
    await expectError(other, 409, 'IDEMPOTENCY_KEY_REUSED');
  });

  it('keeps keys per organization', async () => {
    const other = await createTestOrg(server.url, 5);
    const key = `shared-${Date.now()}`;
    const mine = await voice(server.url, org.apiKey, '/v1/calls', {
      json: payload,
      headers: { 'idempotency-key': key },
    }).then((r) => r.json() as Promise<{ call_id: string }>);
    const theirs = await voice(server.url, other.apiKey, '/v1/calls', {
      json: payload,
      headers: { 'idempotency-key': key },
    });
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(((await theirs.json()) as { call_id: string }).call_id).not.toBe(mine.call_id);
  });

  it('creates exactly one call for 20 concurrent twins', async () => {
    const twins = await createTestOrg(server.url, 5);
    const key = `twins-${Date.now()}`;
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        voice(server.url, twins.apiKey, '/v1/calls', {
          json: payload,
          headers: { 'idempotency-key': key },
        }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    const ids = new Set(
      await Promise.all(
        responses.map(async (r) => ((await r.json()) as { call_id: string }).call_id),
      ),
    );
    expect(ids.size).toBe(1);
    expect(responses.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(
      19,
    );
    const list = (await voice(server.url, twins.apiKey, '/v1/calls').then((r) => r.json())) as {
      calls: unknown[];
    };
    expect(list.calls).toHaveLength(1);
  });
});

describe('GET /v1/calls', () => {
  it('pages newest first with a cursor, and filters by status', async () => {
    // Each queued call holds its worst case (30 minutes, $2.70) until it ends.
    const pager = await createTestOrg(server.url, 20);
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      ids.push(
        await dispatch(server.url, pager.apiKey, {
          phone_number: '+14155550102',
          task: `Call ${i}.`,
        }),
      );
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=2&cursor=${cursor}` : '?limit=2';
      const page = (await voice(server.url, pager.apiKey, `/v1/calls${query}`).then((r) =>
        r.json(),
      )) as {
        calls: { call_id: string; transcripts?: unknown }[];
        count: number;
        next_cursor: string | null;
      };
      expect(page.count).toBe(page.calls.length);
      expect(page.calls[0]).not.toHaveProperty('transcripts');
      seen.push(...page.calls.map((c) => c.call_id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());
    await eventually(async () => {
      const ended = (await voice(server.url, pager.apiKey, '/v1/calls?status=call_error').then(
        (r) => r.json(),
      )) as { calls: unknown[] };
      return ended.calls.length === 5 ? true : undefined;
    });
    const bad = await voice(server.url, pager.apiKey, '/v1/calls?cursor=nonsense');
    const { envelope } = await expectError(bad, 400, 'INVALID_QUERY');
    expect(envelope.error.field).toBe('cursor');
    await expectError(
      await voice(server.url, pager.apiKey, '/v1/calls?limit=0'),
      400,
      'INVALID_QUERY',
    );
  });
});

describe('speech runs beside the server, not on its event loop', () => {
  it('answers GET /api/stats/calls promptly while several recorded calls are synthesized', async () => {
    const busy = await createTestOrg(server.url, 20);
    const longTask = Array.from(
      { length: 6 },
      (_, i) =>
        `Point ${i + 1}: explain the new billing terms in detail, including every fee and the exact dates that apply.`,
    ).join(' ');
    const ids = await Promise.all(
      Array.from({ length: 6 }, () =>
        dispatch(server.url, busy.apiKey, { phone_number: person, task: longTask, record: true }),
      ),
    );
    const latencies: number[] = [];
    let calls = await Promise.all(ids.map((id) => getCall(server.url, busy.apiKey, id)));
    while (calls.some((c) => !c.completed)) {
      const started = performance.now();
      const stats = await fetch(`${server.url}/api/stats/calls`);
      latencies.push(performance.now() - started);
      expect(stats.status).toBe(200);
      calls = await Promise.all(ids.map((id) => getCall(server.url, busy.apiKey, id)));
    }
    expect(latencies.length).toBeGreaterThan(3);
    // The typical request, not the slowest: with other suites' servers on the same two cores, a
    // tenth of the requests waited 430 ms once in CI (10–20 ms when the machine is not shared).
    // That synthesis never runs on an event loop is the engine's unit test (loop utilisation).
    latencies.sort((x, y) => x - y);
    expect(latencies[Math.floor(latencies.length / 2)]).toBeLessThan(250);
  });
});
