import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { CallListResponse, type CallDetailBody } from '@/schemas/call-detail';
import { createRunningClockFile, FIXED_CLOCK_PRELOAD } from '../support/clock-file';
import { eventually } from '../support/eventually';
import { admin, expectError } from '../support/http';
import {
  getCall,
  serverWithOrgForFile,
  TASK,
  voice,
  waitForEnd,
  type ServerWithOrg,
} from '../support/voice-api';

// The server's clock runs at the real rate from a point the test moves forward: a night in New
// York, then the next morning. Numbers are New York's (718, 347), so one zone decides the hours.
const clock = createRunningClockFile();
const NY = 'America/New_York';
/** A night some weeks ahead (the clock only moves forward), 23:30 in New York. */
const night = DateTime.now().setZone(NY).plus({ days: 20 }).set({ hour: 23, minute: 30 });
const opening = night.plus({ days: 1 }).set({ hour: 8, minute: 0, second: 0, millisecond: 0 });
let ahead = 0;
/** Moves the server's clock (real time plus what it was moved by) on to `to`. */
const moveTo = (to: DateTime) => {
  const by = Math.max(0, to.toMillis() - (Date.now() + ahead));
  ahead += by;
  clock.advance(by);
};

let { server, org } = {} as ServerWithOrg;
serverWithOrgForFile(
  {
    preload: [FIXED_CLOCK_PRELOAD],
    env: {
      ...clock.env,
      SANDBOX_TIME_SCALE: '200',
      CALL_HOURS: '08:00-21:00',
      CALL_DENY_PREFIXES: '+1347555',
    },
  },
  20,
  (started) => {
    ({ server, org } = started);
    moveTo(night);
  },
);

const call = (body: Record<string, unknown>) =>
  voice(server.url, org.apiKey, '/v1/calls', { json: { task: TASK, max_duration: 1, ...body } });

async function batchCalls(batchId: string): Promise<CallDetailBody[]> {
  const response = await voice(server.url, org.apiKey, `/v1/calls?batch_id=${batchId}`);
  expect(response.status).toBe(200);
  return CallListResponse.parse(await response.json()).calls as CallDetailBody[];
}

async function createBatch(numbers: string[]): Promise<string> {
  const response = await voice(server.url, org.apiKey, '/v1/batches', {
    json: {
      base_prompt: 'Confirm the delivery.',
      label: 'Rules',
      campaign_id: null,
      call_params: { max_duration: 1 },
      call_data: numbers.map((phone_number) => ({ phone_number })),
    },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { batch_id: string }).batch_id;
}

describe('calling rules on the sandbox line', () => {
  it('refuses premium-rate, satellite, denied and foreign destinations and a foreign caller ID', async () => {
    const premium = await expectError(
      await call({ phone_number: '+19005550100' }),
      400,
      'DESTINATION_NOT_ALLOWED',
    );
    expect(premium.envelope.error.message).toMatch(/premium-rate/);
    await expectError(
      await call({ phone_number: '+882167890123' }),
      400,
      'DESTINATION_NOT_ALLOWED',
    );
    const denied = await expectError(
      await call({ phone_number: '+13475550123' }),
      400,
      'DESTINATION_NOT_ALLOWED',
    );
    expect(denied.envelope.error.message).toMatch(/\+1347555/);
    const somalia = await expectError(
      await call({ phone_number: '+252612345678' }),
      403,
      'COUNTRY_NOT_ALLOWED',
    );
    expect(somalia.envelope.error.message).toMatch(/SO/);
    await expectError(
      await call({ phone_number: '+17185550123', from: '+14155550999' }),
      400,
      'FROM_NOT_ALLOWED',
    );
  });

  it('at night refuses a call with next_allowed_at, or queues it with defer_to_calling_hours; a batch waits; all are dialled once the window opens', async () => {
    const refused = await expectError(
      await call({ phone_number: '+17185550123' }),
      422,
      'OUTSIDE_CALLING_HOURS',
      false,
    );
    expect(refused.body.next_allowed_at).toBe(opening.toUTC().toISO());

    const deferred = await call({ phone_number: '+17185550124', defer_to_calling_hours: true });
    expect(deferred.status).toBe(200);
    const deferredId = ((await deferred.json()) as { call_id: string }).call_id;
    expect(await getCall(server.url, org.apiKey, deferredId)).toMatchObject({
      queue_status: 'queued',
      scheduled_for: opening.toUTC().toISO(),
    });

    const batchId = await createBatch(['+17185550125', '+17185550126']);
    // Each batch call reaches its dial, which holds it for the window (never dialled early).
    const waiting = await eventually(async () => {
      const calls = await batchCalls(batchId);
      return calls.every((c) => c.scheduled_for !== null) ? calls : undefined;
    });
    for (const c of waiting) {
      expect(c).toMatchObject({ queue_status: 'queued', started_at: null });
      expect(c.scheduled_for).toBe(opening.toUTC().toISO());
    }

    moveTo(opening.plus({ seconds: 5 }));
    const ended = await waitForEnd(server.url, org.apiKey, deferredId);
    expect(ended).toMatchObject({ queue_status: 'complete', scheduled_for: null });
    expect(Date.parse(ended.started_at!)).toBeGreaterThanOrEqual(opening.toMillis());
    const played = await eventually(async () => {
      const calls = await batchCalls(batchId);
      return calls.every((c) => c.completed) ? calls : undefined;
    });
    for (const c of played) {
      expect(c.queue_status).toBe('complete');
      expect(Date.parse(c.started_at!)).toBeGreaterThanOrEqual(opening.toMillis());
    }
  });

  it('refuses a number on the do-not-call list, single and in a batch, until it is removed', async () => {
    const listed = '+17185550150';
    const add = await voice(server.url, org.apiKey, '/v1/dnc', {
      json: { number: listed, reason: 'asked by phone' },
    });
    expect(await add.json()).toEqual({ added: 1, already_listed: 0 });
    await expectError(await call({ phone_number: listed }), 409, 'NUMBER_ON_DNC_LIST');

    const batchId = await createBatch([listed, '+17185550151']);
    const done = await eventually(async () => {
      const calls = await batchCalls(batchId);
      return calls.every((c) => c.completed) ? calls : undefined;
    });
    const refused = done.find((c) => c.to === listed)!;
    expect(refused.queue_status).toBe('call_error');
    expect(refused.error_message).toMatch(/^NUMBER_ON_DNC_LIST: /);
    expect(done.find((c) => c.to !== listed)!.queue_status).toBe('complete');

    const page = await voice(
      server.url,
      org.apiKey,
      `/v1/dnc?number=${encodeURIComponent(listed)}`,
    );
    expect(await page.json()).toMatchObject({
      numbers: [{ number: listed, reason: 'asked by phone', source: 'api', call_id: null }],
      next_cursor: null,
    });

    const tooMany = Array.from(
      { length: 10_001 },
      (_, i) => `+1718555${String(i).padStart(4, '0')}`,
    );
    await expectError(
      await voice(server.url, org.apiKey, '/v1/dnc', { json: { numbers: tooMany } }),
      400,
      'INVALID_BODY',
    );
    const all = await voice(server.url, org.apiKey, '/v1/dnc');
    expect(((await all.json()) as { numbers: unknown[] }).numbers).toHaveLength(1);

    const removed = await voice(server.url, org.apiKey, '/v1/dnc', {
      method: 'DELETE',
      json: { number: listed },
    });
    expect(await removed.json()).toEqual({ removed: 1 });
    expect((await call({ phone_number: listed })).status).toBe(200);
  });

  it('the 555-0105 callee asks to be removed: the call ends, the number is listed with the call as evidence, the next call is refused', async () => {
    const number = '+17185550105';
    const response = await call({ phone_number: number });
    expect(response.status).toBe(200);
    const callId = ((await response.json()) as { call_id: string }).call_id;
    const ended = await waitForEnd(server.url, org.apiKey, callId);
    expect(ended).toMatchObject({
      queue_status: 'complete',
      call_ended_by: 'ASSISTANT',
      opted_out: true,
    });
    expect(ended.transcripts.at(-1)!.text).toMatch(/not be called again/);
    const page = await voice(
      server.url,
      org.apiKey,
      `/v1/dnc?number=${encodeURIComponent(number)}`,
    );
    expect(await page.json()).toMatchObject({
      numbers: [{ number, source: 'opt_out', call_id: callId }],
    });
    await expectError(await call({ phone_number: number }), 409, 'NUMBER_ON_DNC_LIST');
  });

  it("honours the operators' platform-wide list", async () => {
    const number = '+17185550160';
    await admin(server.url, '/internal/dnc', {
      method: 'POST',
      body: JSON.stringify({ number, reason: 'court order' }),
    });
    await expectError(await call({ phone_number: number }), 409, 'NUMBER_ON_DNC_LIST');
  });

  it('lets an organization narrow countries and hours, refusing bad input and changing nothing', async () => {
    const rules = () => voice(server.url, org.apiKey, '/v1/calling-rules');
    const before = await (await rules()).json();
    expect(before).toMatchObject({
      countries: null,
      hours: null,
      effective_hours: { start: '08:00', end: '21:00' },
      service: { countries: ['US', 'CA'], hours: { start: '08:00', end: '21:00' } },
    });
    const put = (json: unknown) =>
      voice(server.url, org.apiKey, '/v1/calling-rules', { method: 'PUT', json });
    for (const bad of [
      { hours: { start: '9am', end: '17:00' } },
      { hours: { start: '17:00', end: '09:00' } },
      { hours: { start: '07:00', end: '17:00' } },
      { countries: ['XX'] },
      { countries: ['FR'] },
    ]) {
      await expectError(await put(bad), 400, 'INVALID_BODY');
    }
    expect(await (await rules()).json()).toEqual(before);

    const saved = await put({ countries: ['US'], hours: { start: '09:00', end: '17:00' } });
    expect(saved.status).toBe(200);
    await expectError(await call({ phone_number: '+16045550123' }), 403, 'COUNTRY_NOT_ALLOWED');
    // 08:00 in New York is inside the service's window but not the organization's.
    const early = await expectError(
      await call({ phone_number: '+17185550170' }),
      422,
      'OUTSIDE_CALLING_HOURS',
      false,
    );
    expect(early.body.next_allowed_at).toBe(opening.set({ hour: 9 }).toUTC().toISO());

    const log = await voice(server.url, org.apiKey, '/v1/audit-log');
    const { events } = (await log.json()) as { events: { action: string }[] };
    expect(events.map((e) => e.action)).toEqual(
      expect.arrayContaining(['calling_rules.update', 'dnc.add', 'dnc.remove']),
    );
  });

  it("opens a recorded call to Florida with the organization's disclosures, and counts the refusals", async () => {
    moveTo(opening.set({ hour: 10 }));
    const put = await voice(server.url, org.apiKey, '/v1/calling-rules', {
      method: 'PUT',
      json: { disclosures: { recording_text: 'This call is recorded for quality.' } },
    });
    expect(put.status).toBe(200);
    const saved = (await put.json()) as {
      disclosures: unknown;
      refusals: { code: string; count: number }[];
    };
    expect(saved.disclosures).toEqual({
      ai: true,
      ai_text: 'This is an automated assistant.',
      recording_text: 'This call is recorded for quality.',
    });
    // The refusals of this file's tests, each counted under its code.
    expect(saved.refusals).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'DESTINATION_NOT_ALLOWED' }),
        expect.objectContaining({ code: 'NUMBER_ON_DNC_LIST' }),
        expect.objectContaining({ code: 'OUTSIDE_CALLING_HOURS' }),
      ]),
    );
    // Miami: Florida asks every party's consent to a recording.
    const placed = await call({
      phone_number: '+13052345678',
      record: true,
      first_sentence: 'Hi, this is Ava.',
    });
    expect(placed.status).toBe(200);
    const { call_id } = (await placed.json()) as { call_id: string };
    const done = await waitForEnd(server.url, org.apiKey, call_id);
    expect(done.transcripts[0]).toMatchObject({
      user: 'assistant',
      text: 'This is an automated assistant. This call is recorded for quality. Hi, this is Ava.',
    });
  });
});
