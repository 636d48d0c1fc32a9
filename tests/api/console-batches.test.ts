import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleFetch, fetchWithKey } from '../support/accounts-api';
import { startRolesSuite, type RolesSuite } from '../support/console-api';
import { eventually, expectError } from '../support/leads-api';
import { orgDetail } from '../support/voice-api';
import { ROLES as roles, type Role } from '../support/org-team';

// The console's batch import (CSV), delivery replay and signing-secret rotation: who may do what,
// every bad file refused in words with nothing created, and a rotated secret that really signs.
const PROMPT = 'Call {{name}} to confirm the order {{order}}.';

// Set by beforeAll.
let { base, orgId, apiKey, hooks, endedCall, cookies, outsider, dispose } = {} as RolesSuite;

/** What a browser's form sends: label, prompt and the file, as multipart/form-data. */
function importForm(file: Uint8Array | string, label = 'Spring orders', prompt = PROMPT) {
  const form = new FormData();
  form.set('label', label);
  form.set('base_prompt', prompt);
  const bytes = typeof file === 'string' ? file : new Uint8Array(file);
  form.set('file', new Blob([bytes], { type: 'text/csv' }), 'orders.csv');
  return form;
}

const importCsv = (cookie: string, form: FormData) =>
  fetch(`${base}/console/api/orgs/${orgId}/batches`, {
    method: 'POST',
    headers: { cookie, origin: base },
    body: form,
  });

/** The batches the org's batches page lists, as a member sees them. */
async function listedBatches(): Promise<number> {
  const html = await (
    await fetch(`${base}/console/orgs/${orgId}/batches`, { headers: { cookie: cookies.viewer } })
  ).text();
  return html.match(/data-testid="batch-row"/g)?.length ?? 0;
}

const goodCsv = (rows = 2) =>
  'phone_number,name,order\n' +
  Array.from(
    { length: rows },
    (_, i) => `+1415555${String(i).padStart(4, '0')},Ada ${i},A-${i}`,
  ).join('\n') +
  '\n';

beforeAll(async () => {
  ({ base, orgId, apiKey, hooks, endedCall, cookies, outsider, dispose } = await startRolesSuite({
    scopes: ['calls:read', 'calls:write', 'audit:read'],
  }));
});
afterAll(() => dispose?.());

describe('batch import by role', () => {
  for (const role of roles) {
    const may = role !== 'viewer';
    it(`${role} ${may ? 'may' : 'may not'} import a batch; every member may get the template`, async () => {
      const before = await listedBatches();
      const response = await importCsv(cookies[role], importForm(goodCsv(), `by ${role}`));
      if (may) {
        expect(response.status).toBe(201);
        const created = (await response.json()) as { batch_id: string; rows: number };
        expect(created.rows).toBe(2);
        const batch = await fetchWithKey(
          base,
          apiKey,
          'GET',
          `/batch?batch_id=${created.batch_id}`,
        );
        const body = (await batch.json()) as {
          batch_params: { label: string; base_prompt: string };
          call_data: { to: string; request_data: Record<string, string> }[];
        };
        expect(body.batch_params).toMatchObject({ label: `by ${role}`, base_prompt: PROMPT });
        const rows = body.call_data.map((c) => c.request_data);
        expect(rows.sort((a, b) => a.name!.localeCompare(b.name!))).toEqual([
          { phone_number: '+14155550000', name: 'Ada 0', order: 'A-0' },
          { phone_number: '+14155550001', name: 'Ada 1', order: 'A-1' },
        ]);
        expect(await listedBatches()).toBe(before + 1);
      } else {
        await expectError(response, 403, 'FORBIDDEN');
        expect(await listedBatches()).toBe(before);
      }
      const template = await consoleFetch(
        base,
        cookies[role],
        'GET',
        `/console/api/orgs/${orgId}/batches/template?base_prompt=${encodeURIComponent(PROMPT)}`,
      );
      expect(template.status).toBe(200);
      expect(template.headers.get('content-disposition')).toContain('batch-template.csv');
      // A byte-order mark first, so spreadsheets open the file as UTF-8.
      const bytes = Buffer.from(await template.arrayBuffer());
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(bytes.subarray(3).toString().split('\n')[0]).toBe('phone_number,name,order');
    });
  }

  it('an outsider gets 404, another site 403, no session 401', async () => {
    await expectError(await importCsv(outsider, importForm(goodCsv())), 404, 'NOT_FOUND');
    const forged = await fetch(`${base}/console/api/orgs/${orgId}/batches`, {
      method: 'POST',
      headers: { cookie: cookies.owner, origin: 'https://evil.example' },
      body: importForm(goodCsv()),
    });
    await expectError(forged, 403, 'FORBIDDEN');
  });
});

describe('bad files: a clear message and nothing created', () => {
  const refused = async (file: Uint8Array | string, status: number, code: string) => {
    const before = await listedBatches();
    const { envelope, body } = await expectError(
      await importCsv(cookies.developer, importForm(file)),
      status,
      code,
      false,
    );
    expect(await listedBatches()).toBe(before);
    return { message: envelope.error.message, body };
  };

  it('lists every bad row with its line number and reason', async () => {
    const csv =
      'phone_number,name,order\n+14155551000,Ada,A-1\nnot a number,Bob,B-2\n\n+14155551002,,C-3\n+14155551003,Dee\n';
    const { message, body } = await refused(csv, 422, 'CSV_ROWS_INVALID');
    expect(message).toBe(
      '3 lines are not valid; nothing was created. Fix them and import the file again.',
    );
    expect(body.problems).toEqual([
      {
        line: 3,
        reason:
          'phone_number "not a number": must be an E.164 number with country code, e.g. +14155550123',
      },
      { line: 5, reason: 'name is empty, but the prompt uses {{name}}' },
      { line: 6, reason: 'has 2 cells where the header has 3' },
    ]);
  });

  it('a missing placeholder column is named', async () => {
    const { body } = await refused(
      'phone_number,name\n+14155551000,Ada\n',
      422,
      'CSV_ROWS_INVALID',
    );
    expect(body.problems).toEqual([
      { line: 1, reason: 'no column "order" for the prompt\'s {{order}}' },
    ]);
  });

  it('refuses a file that is not CSV (binary, or text without the header)', async () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    expect((await refused(png, 400, 'CSV_UNREADABLE')).message).toMatch(/not text .* not CSV/);
    expect((await refused('{"rows": [1, 2]}\n', 400, 'CSV_UNREADABLE')).message).toMatch(
      /^The file is not valid CSV \(line 1\): Invalid Opening Quote/,
    );
    expect(
      (await refused('Dear team,\nhere are the numbers.\n', 400, 'CSV_UNREADABLE')).message,
    ).toContain('header naming the columns, phone_number among them');
    expect(
      (await refused('phone_number,name\n"+1415,Ada\n', 400, 'CSV_UNREADABLE')).message,
    ).toMatch(/not valid CSV \(line \d\)/);
  });

  it('refuses UTF-16 and Latin-1 by name; accepts UTF-8 with a byte-order mark', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(goodCsv(), 'utf16le')]);
    expect((await refused(utf16, 400, 'CSV_UNREADABLE')).message).toContain('UTF-16');
    const latin1 = Buffer.from('phone_number,name,order\n+14155551000,Zoë,A\n', 'latin1');
    expect((await refused(latin1, 400, 'CSV_UNREADABLE')).message).toContain('not UTF-8');
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(goodCsv(1))]);
    expect((await importCsv(cookies.developer, importForm(bom))).status).toBe(201);
  });

  it('refuses 10 MB and more, and 10,001 rows; takes 10,000', async () => {
    const big = `phone_number,name,order\n${`+14155551000,${'x'.repeat(1000)},A\n`.repeat(10_600)}`;
    expect(big.length).toBeGreaterThan(10 * 1024 * 1024);
    expect((await refused(big, 413, 'PAYLOAD_TOO_LARGE')).message).toBe(
      'The file is larger than 10 MB; nothing was created.',
    );
    expect((await refused(goodCsv(10_001), 400, 'CSV_TOO_MANY_ROWS')).message).toBe(
      'The file has 10,001 rows; a batch holds at most 10,000. Nothing was created.',
    );
    const most = await importCsv(cookies.developer, importForm(goodCsv(10_000)));
    expect(most.status).toBe(201);
    expect(((await most.json()) as { rows: number }).rows).toBe(10_000);
  });

  it('refuses a form without a file, or a body that is not a form', async () => {
    const form = importForm('');
    form.delete('file');
    await expectError(await importCsv(cookies.owner, form), 400, 'INVALID_BODY');
    await expectError(
      await consoleFetch(base, cookies.owner, 'POST', `/console/api/orgs/${orgId}/batches`, {}),
      400,
      'INVALID_BODY',
    );
  });

  it('keeps formulas as text in the calls, and the calls export neutralises them', async () => {
    const formula = '=HYPERLINK("http://evil.example","click")';
    const csv = `phone_number,name,order\n+14155551000,"${formula.replaceAll('"', '""')}",A\n`;
    const response = await importCsv(cookies.owner, importForm(csv, 'formulas'));
    expect(response.status).toBe(201);
    const { batch_id } = (await response.json()) as { batch_id: string };
    const batch = (await (
      await fetchWithKey(base, apiKey, 'GET', `/batch?batch_id=${batch_id}`)
    ).json()) as { call_data: { request_data: { name: string } }[] };
    expect(batch.call_data[0]!.request_data.name).toBe(formula);
    const exported = await (
      await consoleFetch(
        base,
        cookies.owner,
        'GET',
        `/console/api/orgs/${orgId}/calls/export?batch_id=${batch_id}`,
      )
    ).text();
    expect(exported).not.toMatch(/(^|,)=HYPERLINK/m);
  });
});

describe('webhook replay and the signing secret', () => {
  for (const role of roles) {
    const may = role !== 'viewer';
    it(`${role} ${may ? 'may' : 'may not'} replay a call's webhook`, async () => {
      const before = hooks.received.length;
      const replay = await consoleFetch(
        base,
        cookies[role],
        'POST',
        `/console/api/orgs/${orgId}/webhooks/resend`,
        { call_ids: [endedCall] },
      );
      if (may) {
        expect(replay.status).toBe(200);
        expect(await replay.json()).toMatchObject({ queued: [endedCall] });
        await eventually(() => (hooks.received.length > before ? true : undefined), 15_000);
      } else {
        await expectError(replay, 403, 'FORBIDDEN');
      }
    });
  }

  it('the webhooks page lists deliveries across calls to members who may read them', async () => {
    const page = async (role: Role) =>
      (
        await fetch(`${base}/console/orgs/${orgId}/webhooks`, {
          headers: { cookie: cookies[role] },
        })
      ).text();
    const developer = await page('developer');
    expect(developer).toContain('data-testid="org-delivery-row"');
    expect(developer).not.toContain('data-testid="webhook-secret"');
    const viewer = await page('viewer');
    expect(viewer).not.toContain('data-testid="org-delivery-row"');
    expect(viewer).toContain('cannot see webhook deliveries');
    const secret = (await orgDetail(base, orgId)).webhook_signing_secret;
    expect(await page('admin')).toContain(secret);
    expect(developer).not.toContain(secret);
  });

  for (const role of roles) {
    const may = role === 'owner' || role === 'admin';
    it(`${role} ${may ? 'may' : 'may not'} rotate the signing secret`, async () => {
      const before = (await orgDetail(base, orgId)).webhook_signing_secret;
      const rotate = await consoleFetch(
        base,
        cookies[role],
        'POST',
        `/console/api/orgs/${orgId}/webhooks/secret/rotate`,
      );
      const after = (await orgDetail(base, orgId)).webhook_signing_secret;
      if (may) {
        expect(rotate.status).toBe(200);
        const body = (await rotate.json()) as { secret: string };
        expect(body.secret).toBe(after);
        expect(after).not.toBe(before);
      } else {
        await expectError(rotate, 403, 'FORBIDDEN');
        expect(after).toBe(before);
      }
    });
  }

  it('a rotation is audited without the secret, and only the new secret signs', async () => {
    const old = (await orgDetail(base, orgId)).webhook_signing_secret;
    const rotate = await consoleFetch(
      base,
      cookies.owner,
      'POST',
      `/console/api/orgs/${orgId}/webhooks/secret/rotate`,
    );
    const { secret } = (await rotate.json()) as { secret: string };
    const log = (await (
      await fetchWithKey(base, apiKey, 'GET', '/v1/audit-log?action=webhooks.secret_rotate')
    ).json()) as { events: { action: string; target: unknown; actor: { type: string } }[] };
    expect(log.events[0]).toMatchObject({
      action: 'webhooks.secret_rotate',
      target: { type: 'organization', id: orgId },
      actor: { type: 'user' },
    });
    const logged = JSON.stringify(log);
    expect(logged).not.toContain(secret.slice(6));
    expect(logged).not.toContain(old.slice(6));

    const before = hooks.received.length;
    const replay = await consoleFetch(
      base,
      cookies.owner,
      'POST',
      `/console/api/orgs/${orgId}/webhooks/resend`,
      { call_ids: [endedCall] },
    );
    expect(replay.status).toBe(200);
    const delivery = await eventually(() => hooks.received[before], 15_000);
    const headers = Object.fromEntries(
      Object.entries(delivery.headers).map(([k, v]) => [k, String(v)]),
    );
    expect(() => new Webhook(secret).verify(delivery.body, headers)).not.toThrow();
    expect(() => new Webhook(old).verify(delivery.body, headers)).toThrow();
  });
});
