import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSpeechEngine } from '@/lib/adapters/speech-engine';
import {
  consoleFetch,
  createConsoleKey,
  fetchWithKey,
  firstOrgId,
  signIn,
  type AccountsServer,
} from '../support/accounts-api';
import { adminCli } from '../support/admin-cli';
import { joinOrg, startConsoleServer } from '../support/console-api';
import { depositUsd } from '../support/http';
import { admin, ADMIN_TOKEN, expectError } from '../support/leads-api';
import { parseWav } from '../support/speech-api';
import { synthesizeWav } from '../support/voice-samples';
import { ROLES as roles, type Role } from '../support/org-team';

// The voice studio's console routes by role (clone with consent, preview, promote, delete), the
// audit log page by role, and bad uploads refused with nothing created.
const writers: Role[] = ['owner', 'admin', 'developer'];

let accounts: AccountsServer;
let base: string;
let orgId: string;
let sample: Buffer;
let readKey: string;
const cookies = {} as Record<Role, string>;
let outsider: string;

beforeAll(async () => {
  const engine = createSpeechEngine({ poolSize: 1 });
  sample = await synthesizeWav(engine, { voice: 'en-us+f3' });
  await engine.close();
  accounts = await startConsoleServer();
  base = accounts.server.url;
  cookies.owner = await signIn(accounts, `studio-owner-${Date.now()}@example.com`);
  orgId = await firstOrgId(base, cookies.owner);
  for (const role of ['admin', 'developer', 'viewer'] as const)
    cookies[role] = await joinOrg(accounts, cookies.owner, orgId, role);
  outsider = await signIn(accounts, `studio-outsider-${Date.now()}@example.com`);
  // Funded: 10 instant clones and one live professional clone, so every writer can clone.
  await depositUsd(base, orgId, 5);
  readKey = (await createConsoleKey(base, cookies.owner, orgId, ['voices:read', 'audit:read']))
    .api_key;
}, 60_000);
afterAll(() => accounts?.dispose());

const wav = (bytes: Buffer, name = 'sample.wav', type = 'audio/wav') =>
  [new Blob([new Uint8Array(bytes)], { type }), name] as const;

function cloneForm(fields: {
  kind?: string;
  name?: string;
  speaker?: string;
  consent?: boolean;
  samples?: (readonly [Blob, string])[];
  statement?: readonly [Blob, string];
}): FormData {
  const form = new FormData();
  form.set('kind', fields.kind ?? 'instant');
  form.set('name', fields.name ?? 'Studio voice');
  if (fields.speaker !== '') form.set('consent_speaker', fields.speaker ?? 'Grace Hopper');
  if (fields.consent !== false) form.set('consent', 'yes');
  for (const [blob, name] of fields.samples ?? [wav(sample)])
    form.append('audio_samples', blob, name);
  if (fields.statement) form.set('consent_recording', ...fields.statement);
  return form;
}

const upload = (cookie: string, form: FormData, org = orgId) =>
  fetch(`${base}/console/api/orgs/${org}/voices`, {
    method: 'POST',
    headers: { cookie, origin: base },
    body: form,
  });

async function clones(): Promise<{ id: string; name: string; state: string }[]> {
  const response = await fetchWithKey(base, readKey, 'GET', '/v1/voices');
  const { voices } = (await response.json()) as {
    voices: { id: string; name: string; state: string; public: boolean }[];
  };
  return voices.filter((v) => !v.public);
}

async function newDraft(name: string): Promise<string> {
  const response = await upload(
    cookies.owner,
    cloneForm({ kind: 'professional', name, statement: wav(sample, 'consent.wav') }),
  );
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { voice_id: string }).voice_id;
}

describe('role × action', () => {
  for (const role of roles) {
    const may = writers.includes(role);
    it(`${role} ${may ? 'may' : 'may not'} clone, promote and delete; may preview`, async () => {
      const made = await upload(cookies[role], cloneForm({ name: `By ${role}` }));
      if (!may) await expectError(made, 403, 'FORBIDDEN');
      else expect(made.status, await made.clone().text()).toBe(201);

      const draft = await newDraft(`Draft for ${role}`);
      const promote = await consoleFetch(
        base,
        cookies[role],
        'POST',
        `/console/api/orgs/${orgId}/voices/${draft}/promote`,
      );
      // A writer gets past the role check to the review, which is still pending.
      if (may) await expectError(promote, 409, 'REVIEW_NOT_PASSED');
      else await expectError(promote, 403, 'FORBIDDEN');

      const preview = await fetch(`${base}/console/api/orgs/${orgId}/voices/${draft}/preview`, {
        headers: { cookie: cookies[role] },
      });
      expect(preview.status).toBe(200);
      expect(preview.headers.get('content-type')).toBe('audio/wav');
      expect(parseWav(Buffer.from(await preview.arrayBuffer())).seconds).toBeGreaterThan(1);

      const removed = await consoleFetch(
        base,
        cookies[role],
        'DELETE',
        `/console/api/orgs/${orgId}/voices/${draft}`,
      );
      if (may) {
        expect(removed.status).toBe(200);
        expect((await clones()).map((c) => c.id)).not.toContain(draft);
      } else {
        await expectError(removed, 403, 'FORBIDDEN');
        expect((await clones()).map((c) => c.id)).toContain(draft);
      }
    });
  }

  it('a non-member gets 404 for every action; a forged cross-site POST is refused', async () => {
    const draft = await newDraft('Not yours');
    await expectError(await upload(outsider, cloneForm({})), 404, 'NOT_FOUND');
    const paths = [
      ['POST', `/console/api/orgs/${orgId}/voices/${draft}/promote`],
      ['DELETE', `/console/api/orgs/${orgId}/voices/${draft}`],
      ['GET', `/console/api/orgs/${orgId}/voices/${draft}/preview`],
    ] as const;
    for (const [method, path] of paths)
      await expectError(await consoleFetch(base, outsider, method, path), 404, 'NOT_FOUND');
    const forged = await fetch(`${base}/console/api/orgs/${orgId}/voices`, {
      method: 'POST',
      headers: { cookie: cookies.owner, origin: 'https://evil.example' },
      body: cloneForm({ name: 'Forged' }),
    });
    await expectError(forged, 403, 'FORBIDDEN');
    expect((await clones()).map((c) => c.name)).not.toContain('Forged');
  });

  it('promotes a reviewed draft of a funded org, and the audit log names the speaker', async () => {
    const draft = await newDraft('Reviewed');
    // The operators' queue (npm run admin -- voice-reviews) shows the draft with the consent the
    // studio recorded; the operator hears the statement and records the review there too.
    const queue = JSON.parse(await adminCli(base, 'voice-reviews')) as {
      reviews: { org_id: string; voice: { id: string }; consent: unknown; made_by: unknown }[];
    };
    expect(queue.reviews.find((r) => r.voice.id === draft)).toMatchObject({
      org_id: orgId,
      made_by: { type: 'user' },
      consent: { speaker: 'Grace Hopper', statement_seconds: expect.any(Number) },
    });
    const heard = join(mkdtempSync(join(tmpdir(), 'consent-')), 'statement.wav');
    await adminCli(base, 'consent-recording', draft, heard);
    expect(readFileSync(heard).equals(sample)).toBe(true);
    const review = JSON.parse(await adminCli(base, 'review-voice', draft, 'approve', 'Heard it.'));
    expect(review).toMatchObject({ org_id: orgId, voice: { id: draft } });
    const promoted = await consoleFetch(
      base,
      cookies.developer,
      'POST',
      `/console/api/orgs/${orgId}/voices/${draft}/promote`,
    );
    expect(promoted.status).toBe(200);
    const after = (await admin(base, '/internal/voices')) as {
      reviews: { voice: { id: string } }[];
    };
    expect(after.reviews.map((r) => r.voice.id)).not.toContain(draft);
    expect(await promoted.json()).toMatchObject({ id: draft, state: 'live' });
    const log = (await (
      await fetchWithKey(base, readKey, 'GET', `/v1/audit-log?limit=200`)
    ).json()) as {
      events: { action: string; target: { id: string } | null; after: Record<string, unknown> }[];
    };
    const about = log.events.filter((e) => e.target?.id === draft).map((e) => e.action);
    expect(about).toEqual(['voice.promote', 'voice.clone']);
    const made = log.events.find((e) => e.target?.id === draft && e.action === 'voice.clone')!;
    expect(made.after).toMatchObject({
      name: 'Reviewed',
      kind: 'professional',
      consent_speaker: 'Grace Hopper',
      consent_statement_seconds: expect.any(Number),
    });
  });
});

describe('the recorded consent statement', () => {
  it('is kept with the draft: members play it, operators hear it in the review, delete removes it', async () => {
    const draft = await newDraft('Heard consent');
    const path = `/console/api/orgs/${orgId}/voices/${draft}/consent-recording`;
    for (const role of roles) {
      const played = await fetch(base + path, { headers: { cookie: cookies[role] } });
      expect(played.status).toBe(200);
      expect(played.headers.get('content-type')).toBe('audio/wav');
      expect(Buffer.from(await played.arrayBuffer()).equals(sample)).toBe(true);
    }
    // The player can seek: a byte range is answered 206.
    const part = await fetch(base + path, {
      headers: { cookie: cookies.viewer, range: 'bytes=0-99' },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-99/${sample.length}`);
    await expectError(await consoleFetch(base, outsider, 'GET', path), 404, 'NOT_FOUND');
    await expectError(await fetch(base + path), 401, 'SIGN_IN_REQUIRED');

    // Every member sees the player on the draft in the studio.
    const page = await (
      await fetch(`${base}/console/orgs/${orgId}/voices`, { headers: { cookie: cookies.viewer } })
    ).text();
    const row = page.slice(page.indexOf(`data-voice-id="${draft}"`));
    expect(row.slice(0, row.indexOf('</tr>'))).toContain(`src="${path}"`);

    // The operators' queue links it; the admin API serves it to the review, and only there.
    const queue = (await admin(base, '/internal/voices')) as {
      reviews: {
        voice: { id: string };
        consent_recording: { seconds: number; url: string } | null;
      }[];
    };
    const entry = queue.reviews.find((r) => r.voice.id === draft)!;
    expect(entry.consent_recording).toEqual({
      seconds: expect.closeTo(parseWav(sample).seconds, 1),
      url: `/internal/voices/${draft}/consent-recording`,
    });
    const heard = await fetch(base + entry.consent_recording!.url, {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(heard.status).toBe(200);
    expect(Buffer.from(await heard.arrayBuffer()).equals(sample)).toBe(true);
    expect((await fetch(base + entry.consent_recording!.url)).status).toBe(401);

    const removed = await consoleFetch(
      base,
      cookies.owner,
      'DELETE',
      `/console/api/orgs/${orgId}/voices/${draft}`,
    );
    expect(removed.status).toBe(200);
    await expectError(await consoleFetch(base, cookies.owner, 'GET', path), 404, 'NOT_FOUND');
  });
});

describe('the REST API door', () => {
  it('audits clone and delete with the API key as the actor', async () => {
    const { key_id, api_key } = await createConsoleKey(base, cookies.owner, orgId, [
      'voices:write',
    ]);
    const form = new FormData();
    form.set('name', 'Through REST');
    form.append('audio_samples', ...wav(sample));
    const made = await fetch(`${base}/v1/voices/clone`, {
      method: 'POST',
      headers: { authorization: `Bearer ${api_key}` },
      body: form,
    });
    expect(made.status).toBe(201);
    const { voice_id } = (await made.json()) as { voice_id: string };
    expect((await fetchWithKey(base, api_key, 'DELETE', `/v1/voices/${voice_id}`)).status).toBe(
      200,
    );
    const log = (await (
      await fetchWithKey(base, readKey, 'GET', `/v1/audit-log?actor=${key_id}`)
    ).json()) as {
      events: { action: string; actor: { type: string }; target: { id: string } | null }[];
    };
    expect(
      log.events.filter((e) => e.target?.id === voice_id).map((e) => [e.action, e.actor.type]),
    ).toEqual([
      ['voice.delete', 'api_key'],
      ['voice.clone', 'api_key'],
    ]);
  });
});

describe('bad uploads: a clear message, nothing created', () => {
  const cases: [string, () => FormData, string, RegExp][] = [
    [
      'a text file named .wav',
      () => cloneForm({ name: 'Text', samples: [wav(Buffer.from('hello, not audio'), 'x.wav')] }),
      'audio_samples',
      /sample 1 is not a WAV file/,
    ],
    [
      'a PNG image',
      () =>
        cloneForm({
          name: 'Image',
          samples: [
            wav(Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), 'a.png', 'image/png'),
          ],
        }),
      'audio_samples',
      /not a WAV file/,
    ],
    ['no consent tick', () => cloneForm({ name: 'No tick', consent: false }), 'consent', /tick/],
    ['no speaker named', () => cloneForm({ name: 'Nobody', speaker: '' }), 'consent_speaker', /./],
    [
      'a professional draft without the consent statement',
      () => cloneForm({ kind: 'professional', name: 'Silent' }),
      'consent_recording',
      /consent statement/,
    ],
    [
      'a consent statement that is not audio',
      () =>
        cloneForm({
          kind: 'professional',
          name: 'Fake consent',
          statement: wav(Buffer.from('I agree'), 'consent.wav'),
        }),
      'consent_recording',
      /not a WAV file/,
    ],
  ];
  for (const [label, form, field, message] of cases) {
    it(`refuses ${label}`, async () => {
      const before = await clones();
      const { envelope } = await expectError(
        await upload(cookies.owner, form()),
        400,
        'INVALID_BODY',
      );
      expect(envelope.error.field).toBe(field);
      expect(envelope.error.message).toMatch(message);
      expect(await clones()).toEqual(before);
    });
  }
});

describe('the audit log page', () => {
  for (const role of roles) {
    const may = role === 'owner' || role === 'admin';
    it(`${role} ${may ? 'reads it with filters' : 'sees a note instead'}`, async () => {
      const page = await fetch(`${base}/console/orgs/${orgId}/audit?action=voice.clone`, {
        headers: { cookie: cookies[role] },
      });
      expect(page.status).toBe(200);
      const html = await page.text();
      if (!may) {
        expect(html).toContain('cannot read the audit log');
        expect(html).not.toContain('data-testid="audit-table"');
        return;
      }
      const actions = [...html.matchAll(/data-action="([^"]+)"/g)].map((m) => m[1]);
      expect(actions.length).toBeGreaterThan(0);
      expect(new Set(actions)).toEqual(new Set(['voice.clone']));
      expect(html).toContain('consent_speaker');
      expect(html).toContain('Grace Hopper');
    });
  }
});
