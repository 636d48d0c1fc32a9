import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleFetch } from '../support/accounts-api';
import { depositUsd } from '../support/http';
import { startRolesSuite, type RolesSuite } from '../support/console-api';
import { eventually, expectError } from '../support/leads-api';
import { dispatchActingCalls } from '../support/acting-calls';
import { dispatch, getCall, TASK, voice, waitForEnd } from '../support/voice-api';
import { ROLES as roles, type Role } from '../support/org-team';

// The console's call actions (stop, send again, CSV export) by role, and Range on recordings.
const person = '+14155550123';

// Set by beforeAll; the ended call was recorded, for the Range tests.
let { base, orgId, apiKey, hooks, endedCall, cookies, outsider, dispose } = {} as RolesSuite;
beforeAll(async () => {
  ({ base, orgId, apiKey, hooks, endedCall, cookies, outsider, dispose } = await startRolesSuite({
    record: true,
  }));
});
afterAll(() => dispose?.());

const allowedToWrite: Role[] = ['owner', 'admin', 'developer'];

describe('Stop call from the console', () => {
  for (const role of roles) {
    const may = allowedToWrite.includes(role);
    it(`${role} ${may ? 'may' : 'may not'} stop a live call`, async () => {
      const callId = await dispatch(base, apiKey, { phone_number: person, task: TASK });
      const stop = await consoleFetch(
        base,
        cookies[role],
        'POST',
        `/console/api/orgs/${orgId}/calls/${callId}/stop`,
      );
      if (may) {
        expect(stop.status).toBe(200);
        expect(await getCall(base, apiKey, callId)).toMatchObject({
          completed: true,
          call_ended_by: 'API',
        });
      } else {
        await expectError(stop, 403, 'FORBIDDEN');
        expect((await getCall(base, apiKey, callId)).call_ended_by).not.toBe('API');
      }
    });
  }

  it('an ended call cannot be stopped; an outsider gets 404; another site is refused', async () => {
    const path = `/console/api/orgs/${orgId}/calls/${endedCall}/stop`;
    await expectError(
      await consoleFetch(base, cookies.owner, 'POST', path),
      409,
      'CALL_NOT_ACTIVE',
    );
    await expectError(await consoleFetch(base, outsider, 'POST', path), 404, 'NOT_FOUND');
    const forged = await fetch(base + path, {
      method: 'POST',
      headers: { cookie: cookies.owner, origin: 'https://evil.example' },
    });
    await expectError(forged, 403, 'FORBIDDEN');
    await expectError(await fetch(base + path, { method: 'POST' }), 401, 'SIGN_IN_REQUIRED');
  });
});

describe('Send again (webhook) from the console', () => {
  for (const role of roles) {
    const may = allowedToWrite.includes(role);
    it(`${role} ${may ? 'may' : 'may not'} send a call's webhook again`, async () => {
      const before = hooks.received.length;
      const resend = await consoleFetch(
        base,
        cookies[role],
        'POST',
        `/console/api/orgs/${orgId}/calls/${endedCall}/webhooks/resend`,
      );
      if (may) {
        expect(resend.status).toBe(200);
        expect(await resend.json()).toMatchObject({ queued: [endedCall] });
        await eventually(() => (hooks.received.length > before ? true : undefined), 15_000);
      } else {
        await expectError(resend, 403, 'FORBIDDEN');
      }
    });
  }
});

describe('CSV export of the filtered calls', () => {
  it('every member may export; cells that start a formula are neutralised', async () => {
    for (const role of roles) {
      const csv = await consoleFetch(
        base,
        cookies[role],
        'GET',
        `/console/api/orgs/${orgId}/calls/export`,
      );
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
      const text = await csv.text();
      expect(text.split('\n')[0]).toMatch(/^call_id,created_at,to,/);
      expect(text).toContain(endedCall);
      // "+1415…" would be a formula in a spreadsheet; the export writes it as text.
      expect(text).toContain(`'${person}`);
      expect(text).not.toMatch(/,\+1415/);
    }
  });

  it('filters apply (status, phone number); bad filters are 400; outsiders 404', async () => {
    const only = async (query: string) =>
      (
        await (
          await consoleFetch(
            base,
            cookies.viewer,
            'GET',
            `/console/api/orgs/${orgId}/calls/export?${query}`,
          )
        ).text()
      )
        .trim()
        .split('\n').length - 1;
    expect(await only('status=queued&phone_number=%2B14155550999')).toBe(0);
    expect(await only(`phone_number=${encodeURIComponent(person)}`)).toBeGreaterThanOrEqual(1);
    const today = (await getCall(base, apiKey, endedCall)).created_at.slice(0, 10);
    expect(await only('from=2000-01-01&to=2000-01-02')).toBe(0);
    expect(await only(`from=${today}&to=${today}&ended_by=ASSISTANT`)).toBeGreaterThanOrEqual(1);
    expect(await only(`from=${today}&ended_by=USER`)).toBe(0);
    await expectError(
      await consoleFetch(
        base,
        cookies.viewer,
        'GET',
        `/console/api/orgs/${orgId}/calls/export?status=nope`,
      ),
      400,
      'INVALID_QUERY',
    );
    await expectError(
      await consoleFetch(
        base,
        cookies.viewer,
        'GET',
        `/console/api/orgs/${orgId}/calls/export?cursor=not-a-cursor`,
      ),
      400,
      'INVALID_QUERY',
    );
    await expectError(
      await consoleFetch(base, outsider, 'GET', `/console/api/orgs/${orgId}/calls/export`),
      404,
      'NOT_FOUND',
    );
  });
});

describe('the call page by role', () => {
  it('shows actions to those who may act and says what a viewer cannot do', async () => {
    const page = async (role: Role) =>
      (
        await fetch(`${base}/console/orgs/${orgId}/calls/${endedCall}`, {
          headers: { cookie: cookies[role] },
        })
      ).text();
    const developer = await page('developer');
    expect(developer).toContain('Send again');
    expect(developer).not.toContain('data-testid="role-limits"');
    const viewer = await page('viewer');
    expect(viewer).not.toContain('Send again');
    expect(viewer).toContain('cannot stop this call, send its webhook again');
    const list = await (
      await fetch(`${base}/console/orgs/${orgId}/calls`, { headers: { cookie: cookies.viewer } })
    ).text();
    expect(list).toContain(endedCall);
    const foreign = await fetch(`${base}/console/orgs/${orgId}/calls`, {
      headers: { cookie: outsider },
    });
    expect(foreign.status).toBe(404);
  });
});

describe('Range on recordings', () => {
  it('answers 206 with Content-Range for a byte range, by signed link and by key; 416 past the end', async () => {
    const call = await getCall(base, apiKey, endedCall);
    const whole = Buffer.from(await (await fetch(call.recording_url!)).arrayBuffer());
    expect(whole.length).toBeGreaterThan(1000);

    const part = await fetch(call.recording_url!, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${whole.length}`);
    expect(part.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await part.arrayBuffer()).equals(whole.subarray(100, 200))).toBe(true);

    const tail = await fetch(`${base}/v1/calls/${endedCall}/recording`, {
      headers: { authorization: `Bearer ${apiKey}`, range: 'bytes=-10' },
    });
    expect(tail.status).toBe(206);
    expect(tail.headers.get('content-range')).toBe(
      `bytes ${whole.length - 10}-${whole.length - 1}/${whole.length}`,
    );
    expect(Buffer.from(await tail.arrayBuffer()).equals(whole.subarray(-10))).toBe(true);

    const past = await fetch(call.recording_url!, { headers: { range: `bytes=${whole.length}-` } });
    expect(past.headers.get('content-range')).toBe(`bytes */${whole.length}`);
    await expectError(past, 416, 'RANGE_NOT_SATISFIABLE');

    const full = await fetch(call.recording_url!);
    expect(full.status).toBe(200);
    expect(full.headers.get('accept-ranges')).toBe('bytes');
  });
});

describe('a call’s analysis in the console', () => {
  it('shows it as a table on the call page and as columns of a batch’s CSV export', async () => {
    const analysis_schema = {
      type: 'object',
      properties: { confirmed: { type: 'boolean', description: 'Confirmed the appointment' } },
    };
    const created = await voice(base, apiKey, '/v1/batches', {
      json: {
        base_prompt: 'Can you confirm the appointment on Friday? Say goodbye.',
        label: 'console analysis',
        call_data: [{ phone_number: person }],
        call_params: { analysis_schema, metadata: { crm_id: 'C-7' } },
      },
    });
    const { batch_id } = (await created.json()) as { batch_id: string };
    const listed = (await (await voice(base, apiKey, `/v1/calls?batch_id=${batch_id}`)).json()) as {
      calls: { call_id: string }[];
    };
    const callId = listed.calls[0]!.call_id;
    const call = await waitForEnd(base, apiKey, callId);
    const confirmed = call.analysis?.confirmed;
    expect(typeof confirmed).toBe('boolean');

    const html = await (
      await fetch(`${base}/console/orgs/${orgId}/calls/${callId}`, {
        headers: { cookie: cookies.viewer },
      })
    ).text();
    const table = /<table data-testid="call-analysis">([\s\S]*?)<\/table>/.exec(html)?.[1] ?? '';
    expect(table).toMatch(
      new RegExp(`<th scope="row">confirmed</th><td>${confirmed ? 'yes' : 'no'}</td>`),
    );
    expect(html).toContain('Filled by the scripted brain');
    expect(html).toContain('C-7');

    const csv = await (
      await consoleFetch(
        base,
        cookies.viewer,
        'GET',
        `/console/api/orgs/${orgId}/calls/export?batch_id=${batch_id}`,
      )
    ).text();
    const [header, row] = csv.trim().split('\n');
    expect(header!.split(',').at(-1)).toBe('analysis.confirmed');
    expect(row!.split(',').at(-1)).toBe(String(confirmed));
    // Without a batch named, the columns stay the usual ones.
    const all = await (
      await consoleFetch(base, cookies.viewer, 'GET', `/console/api/orgs/${orgId}/calls/export`)
    ).text();
    expect(all.split('\n')[0]).not.toContain('analysis.');
  });
});

describe('what the agent did, on the call page', () => {
  it('shows tool calls and key presses in the timeline, who answered, and the transfer', async () => {
    // The suite's calls have spent the starting credit; two more need their worst case held.
    await depositUsd(base, orgId, 5);
    const [keypad, transfer] = await dispatchActingCalls(base, apiKey, hooks.url);
    const [keypadCall, transferCall] = await Promise.all([
      waitForEnd(base, apiKey, keypad),
      waitForEnd(base, apiKey, transfer),
    ]);
    expect(keypadCall.tool_calls).toMatchObject([{ name: 'look_up_order', status: 'ok' }]);
    expect(transferCall.transferred_to).toBe('+14155550111');

    const page = async (callId: string) =>
      (
        await fetch(`${base}/console/orgs/${orgId}/calls/${callId}`, {
          headers: { cookie: cookies.viewer },
        })
      ).text();
    // React separates adjacent text with <!-- -->; the words are what a person reads.
    const words = (html: string) => html.replace(/<!-- -->/g, '');
    const lines = (html: string) => words(html).split('<li ').slice(1);

    const keypadPage = await page(keypad);
    const tool = lines(keypadPage).find((li) => li.includes('data-kind="tool"'));
    expect(tool).toContain('<code>look_up_order</code>');
    expect(tool).toMatch(
      new RegExp(
        `data-status="ok">answered, HTTP 204</span> in ${keypadCall.tool_calls[0]!.duration_ms} ms`,
      ),
    );
    const pressed = lines(keypadPage).find((li) => li.includes('data-kind="keys"'));
    expect(pressed).toContain('Agent’s keypad at');
    expect(pressed).toContain('pressed 2');
    expect(words(keypadPage)).toMatch(/data-testid="call-answered-by">A person</);

    const transferPage = words(await page(transfer));
    expect(transferPage).toMatch(/data-testid="call-transfer">\+14155550111 at \d{4}-\d\d-\d\d /);
    expect(transferPage).toContain('<dd>TRANSFER</dd>');
    const moved = lines(transferPage).find((li) => li.includes('data-kind="transfer"'));
    expect(moved).toContain('transferred to +14155550111');
  });
});
