import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleFetch, type AccountsServer } from '../support/accounts-api';
import { startConsoleServer } from '../support/console-api';
import { admin, ADMIN_TOKEN, expectError } from '../support/leads-api';
import { orgDetail } from '../support/voice-api';
import { createTeam, type Role } from '../support/org-team';

// Limit raise requests: asked in the console (owner, admin), mailed to support, answered by an
// operator through the admin API (approve sets the override; deny with a note), requester mailed.
const SUPPORT = 'help@voice.test';
let accounts: AccountsServer;
let base: string;
let orgId: string;
let cookies: Record<Role, string>;
let emails: Record<Role, string>;

beforeAll(async () => {
  accounts = await startConsoleServer({ SUPPORT_EMAIL: SUPPORT });
  base = accounts.server.url;
  ({ orgId, cookies, emails } = await createTeam(accounts, 'raise-'));
});
afterAll(() => accounts?.dispose());

const ask = (role: Role, body: Record<string, unknown>) =>
  consoleFetch(
    base,
    cookies[role],
    'POST',
    `/console/api/orgs/${orgId}/limits/raise-requests`,
    body,
  );
const answer = (id: string, body: Record<string, unknown>) =>
  fetch(`${base}/internal/raise-requests/${id}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const form = {
  limit: 'concurrency',
  wanted: 8,
  expected_volume: '200 calls a day',
  reason: 'Launch',
};

describe('asking for a raise', () => {
  for (const role of ['owner', 'admin', 'developer', 'viewer'] as const) {
    const may = role === 'owner' || role === 'admin';
    it(`${role} ${may ? 'may' : 'may not'} ask`, async () => {
      const response = await ask(role, { ...form, reason: `by ${role}` });
      if (!may) return void (await expectError(response, 403, 'FORBIDDEN'));
      expect(response.status).toBe(201);
      expect(await response.json()).toMatchObject({
        status: 'pending',
        limit: 'concurrency',
        wanted: 8,
      });
      const mail = await accounts.smtp.next(SUPPORT);
      expect(mail.subject).toContain('concurrency to 8');
      expect(mail.text).toContain(orgId);
      expect(mail.text).toContain(`by ${role}`);
      expect(mail.text).toContain('200 calls a day');
    });
  }

  it('refuses bad fields with the field named, and other sites', async () => {
    const { envelope } = await expectError(
      await ask('owner', { ...form, limit: 'everything' }),
      400,
      'INVALID_BODY',
    );
    expect(envelope.error.field).toBe('limit');
    await expectError(await ask('owner', { ...form, wanted: 0 }), 400, 'INVALID_BODY');
    const forged = await fetch(`${base}/console/api/orgs/${orgId}/limits/raise-requests`, {
      method: 'POST',
      headers: {
        cookie: cookies.owner,
        origin: 'https://evil.example',
        'content-type': 'application/json',
      },
      body: JSON.stringify(form),
    });
    await expectError(forged, 403, 'FORBIDDEN');
  });
});

describe('an operator answers', () => {
  it('approve sets the override and mails the requester; deny keeps the note; once only', async () => {
    const pending = (await admin(base, '/internal/raise-requests')) as {
      raise_requests: { request_id: string; email: string; status: string }[];
    };
    const byOwner = pending.raise_requests.find((r) => r.email === emails.owner)!;
    const byAdmin = pending.raise_requests.find((r) => r.email === emails.admin)!;
    expect(byOwner.status).toBe('pending');

    const approved = await answer(byOwner.request_id, { decision: 'approve' });
    expect(approved.status).toBe(200);
    expect((await orgDetail(base, orgId)).limits.concurrency).toBe(8);
    const yes = await accounts.smtp.next(emails.owner);
    expect(yes.subject).toBe('Your limit raise request was approved');
    await expectError(
      await answer(byOwner.request_id, { decision: 'deny' }),
      409,
      'RAISE_ALREADY_ANSWERED',
    );

    const denied = await answer(byAdmin.request_id, { decision: 'deny', note: 'Top up first.' });
    expect(await denied.json()).toMatchObject({ status: 'denied', note: 'Top up first.' });
    const no = await accounts.smtp.next(emails.admin);
    expect(no.text).toContain('Top up first.');
    await expectError(
      await answer('00000000-0000-4000-8000-000000000000', { decision: 'approve' }),
      404,
      'NOT_FOUND',
    );

    // The console lists both with their status; the audit log has the request and the answer.
    const page = await (
      await fetch(`${base}/console/orgs/${orgId}/limits`, { headers: { cookie: cookies.viewer } })
    ).text();
    expect(page).toContain('approved');
    expect(page).toContain('Top up first.');
    expect(page).toContain('cannot request a raise');
    const ownerPage = await (
      await fetch(`${base}/console/orgs/${orgId}/limits`, { headers: { cookie: cookies.owner } })
    ).text();
    expect(ownerPage).toContain('Request a raise');
    const key = await consoleFetch(base, cookies.owner, 'POST', `/console/api/orgs/${orgId}/keys`, {
      name: 'auditor',
      scopes: ['audit:read'],
    });
    const { api_key } = (await key.json()) as { api_key: string };
    const log = (await (
      await fetch(`${base}/v1/audit-log?limit=200`, {
        headers: { authorization: `Bearer ${api_key}` },
      })
    ).json()) as { events: { action: string }[] };
    const actions = log.events.map((e) => e.action);
    expect(actions.filter((a) => a === 'limits.raise_request')).toHaveLength(2);
    expect(actions.filter((a) => a === 'limits.raise_answer')).toHaveLength(2);
    expect(actions).toContain('org.limits');
  });
});
