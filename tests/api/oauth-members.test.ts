import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleFetch, fetchWithKey } from '../support/accounts-api';
import { expectError } from '../support/http';
import {
  codeGrant,
  openConsent,
  pkce,
  postConsent,
  refresh,
  registerClient,
  toolsListWithToken,
  type Client,
} from '../support/oauth-client';
import { signInMember, startWithOwner } from '../support/oauth-member';
import { createTestOrg, type TestOrg, type VoiceServer } from '../support/voice-api';

// Members and the authorization server: who may approve for which org, the audit rows of a grant
// and of a revocation, the console's revoke ending the whole token family, and the org rename.
let server: VoiceServer;
let org: TestOrg;
let owner: string;
let developer: string;
let viewer: string;

beforeAll(async () => {
  ({ server, org, cookie: owner } = await startWithOwner('owner@members.test'));
  developer = await signInMember(server.url, org.orgId, 'dev@members.test', 'developer');
  viewer = await signInMember(server.url, org.orgId, 'viewer@members.test', 'viewer');
});
afterAll(async () => {
  await server?.dispose();
});

interface AuditEvent {
  actor: { type: string; id: string | null };
  action: string;
  target: { type: string; id: string } | null;
  before: unknown;
  after: unknown;
}

/** The org's audit rows of one action, newest first (the admin-made key has every scope). */
async function auditRows(action: string): Promise<AuditEvent[]> {
  const response = await fetchWithKey(
    server.url,
    org.apiKey,
    'GET',
    `/v1/audit-log?action=${action}`,
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as { events: AuditEvent[] }).events;
}

async function userIdOf(email: string): Promise<string> {
  const response = await consoleFetch(
    server.url,
    owner,
    'GET',
    `/console/api/orgs/${org.orgId}/members`,
  );
  const { members } = (await response.json()) as { members: { user_id: string; email: string }[] };
  return members.find((m) => m.email === email)!.user_id;
}

async function grantTokens(client: Client, cookie: string) {
  const tokens = await codeGrant({ base: server.url, client, cookie, orgId: org.orgId });
  return tokens as { access_token: string; refresh_token: string };
}

const toolsList = (token: string) => toolsListWithToken(server.url, token);

describe('consent by members', () => {
  it('lists only the orgs where the role may approve, and refuses any other org', async () => {
    const client = await registerClient(server.url, { client_name: 'Picky agent' });
    const options = { base: server.url, client, challenge: pkce().challenge, cookie: viewer };
    const consent = await openConsent(options);
    expect(consent.html).toContain('viewer@members.test');
    // Their personal org (owner) is offered; the org where they are a viewer is not.
    expect(consent.html).toContain('name="org_id"');
    expect(consent.html).not.toContain(`value="${org.orgId}"`);

    for (const orgId of [org.orgId, (await createTestOrg(server.url)).orgId]) {
      const refused = await postConsent({ ...options, orgId }, consent);
      expect(refused.status).toBe(403);
      expect(await refused.text()).toContain(
        'You cannot connect applications to that organization',
      );
    }
    expect(await auditRows('oauth.grant')).toEqual([]);
  });

  it('a developer approves; the grant is in the audit log with the client and the scopes', async () => {
    const client = await registerClient(server.url, { client_name: 'Audited agent' });
    const { access_token } = await grantTokens(client, developer);
    expect((await toolsList(access_token)).status).toBe(200);
    const [row] = await auditRows('oauth.grant');
    expect(row).toMatchObject({
      actor: { type: 'user', id: await userIdOf('dev@members.test') },
      target: { type: 'oauth_client', id: client.clientId },
      after: { client_name: 'Audited agent', scopes: ['mcp:read', 'mcp:write'] },
    });
    expect((row!.after as { redirect_host: string }).redirect_host).toBe(
      new URL(client.redirectUri).host,
    );
  });
});

describe('connected apps', () => {
  it('revoking ends the whole token family; only owners and admins may, and it is audited', async () => {
    const client = await registerClient(server.url, { client_name: 'Revoked agent' });
    const first = await grantTokens(client, owner);
    const second = await grantTokens(client, developer);
    const page = await (
      await fetch(`${server.url}/console/orgs/${org.orgId}/connected-apps`, {
        headers: { cookie: owner },
      })
    ).text();
    expect(page).toContain('Revoked agent');

    const revokePath = `/console/api/orgs/${org.orgId}/connected-apps/revoke`;
    const body = { client_id: client.clientId };
    await expectError(
      await consoleFetch(server.url, developer, 'POST', revokePath, body),
      403,
      'FORBIDDEN',
    );
    expect((await toolsList(first.access_token)).status).toBe(200);

    const revoked = await consoleFetch(server.url, owner, 'POST', revokePath, body);
    expect(revoked.status).toBe(200);
    expect(await revoked.json()).toEqual({ client_id: client.clientId, revoked_grants: 2 });
    for (const tokens of [first, second]) {
      const refused = await toolsList(tokens.access_token);
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toContain('error="invalid_token"');
      expect((await refresh(server.url, client, tokens.refresh_token)).body.error).toBe(
        'invalid_grant',
      );
    }
    const [row] = await auditRows('oauth.revoke');
    expect(row).toMatchObject({
      actor: { type: 'user', id: await userIdOf('owner@members.test') },
      target: { type: 'oauth_client', id: client.clientId },
      before: { grants: 2 },
    });
    await expectError(
      await consoleFetch(server.url, owner, 'POST', revokePath, body),
      404,
      'NOT_FOUND',
    );
    await expectError(
      await consoleFetch(server.url, owner, 'POST', revokePath, { client_id: 7 }),
      400,
      'INVALID_BODY',
      false,
    );
  });

  it('a member who loses the approving role takes the apps they approved with them', async () => {
    const client = await registerClient(server.url, { client_name: 'Demoted agent' });
    const email = 'leaving@members.test';
    const member = await signInMember(server.url, org.orgId, email, 'developer');
    const tokens = await grantTokens(client, member);
    expect((await toolsList(tokens.access_token)).status).toBe(200);
    const demoted = await consoleFetch(
      server.url,
      owner,
      'PATCH',
      `/console/api/orgs/${org.orgId}/members/${await userIdOf(email)}`,
      { role: 'viewer' },
    );
    expect(demoted.status).toBe(200);
    expect((await toolsList(tokens.access_token)).status).toBe(401);
    expect((await refresh(server.url, client, tokens.refresh_token)).body.error).toBe(
      'invalid_grant',
    );
  });
});

describe('org settings', () => {
  it('owners and admins rename the org; the audit row keeps the name before and after', async () => {
    const path = `/console/api/orgs/${org.orgId}`;
    await expectError(
      await consoleFetch(server.url, viewer, 'PATCH', path, { name: 'Viewer was here' }),
      403,
      'FORBIDDEN',
    );
    await expectError(
      await consoleFetch(server.url, owner, 'PATCH', path, { name: '   ' }),
      400,
      'INVALID_BODY',
      false,
    );
    const renamed = await consoleFetch(server.url, owner, 'PATCH', path, { name: 'Acme Voice' });
    expect(renamed.status).toBe(200);
    const listed = (await (
      await consoleFetch(server.url, viewer, 'GET', '/console/api/orgs')
    ).json()) as { orgs: { org_id: string; name: string }[] };
    expect(listed.orgs.find((o) => o.org_id === org.orgId)?.name).toBe('Acme Voice');
    const [row] = await auditRows('org.update');
    expect(row).toMatchObject({
      actor: { type: 'user', id: await userIdOf('owner@members.test') },
      target: { type: 'organization', id: org.orgId },
      before: { name: 'Test org' },
      after: { name: 'Acme Voice' },
    });
  });
});
