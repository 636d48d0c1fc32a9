import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  consoleFetch,
  firstOrgId,
  invitationToken,
  signIn,
  startAccountsServer,
  START,
  type AccountsServer,
} from '../support/accounts-api';
import { ADMIN_TOKEN, expectError } from '../support/leads-api';
import { createTestOrg } from '../support/voice-api';
import { createTeam, freshEmail, ROLES as roles, type Role } from '../support/org-team';

let accounts: AccountsServer;
let base: string;
let orgId: string;
let cookies: Record<Role, string>;
const userIds = {} as Record<Role, string>;
const email = freshEmail;

beforeAll(async () => {
  accounts = await startAccountsServer();
  base = accounts.server.url;
  ({ orgId, cookies } = await createTeam(accounts));
  const members = (await (
    await consoleFetch(base, cookies.owner, 'GET', `/console/api/orgs/${orgId}/members`)
  ).json()) as { members: { user_id: string; role: Role }[] };
  for (const m of members.members) userIds[m.role] = m.user_id;
});
afterAll(() => accounts?.dispose());

// What the roles allow, written out here (not read from the table under test).
const matrix: { action: string; allowed: Role[]; call: (role: Role) => Promise<Response> }[] = [
  {
    action: 'list keys',
    allowed: ['owner', 'admin', 'developer'],
    call: (role) => consoleFetch(base, cookies[role], 'GET', `/console/api/orgs/${orgId}/keys`),
  },
  {
    action: 'create a key',
    allowed: ['owner', 'admin', 'developer'],
    call: (role) =>
      consoleFetch(base, cookies[role], 'POST', `/console/api/orgs/${orgId}/keys`, {
        name: `by ${role}`,
        scopes: ['calls:read'],
      }),
  },
  {
    action: 'list members',
    allowed: ['owner', 'admin'],
    call: (role) => consoleFetch(base, cookies[role], 'GET', `/console/api/orgs/${orgId}/members`),
  },
  {
    action: 'invite a member',
    allowed: ['owner', 'admin'],
    call: (role) =>
      consoleFetch(base, cookies[role], 'POST', `/console/api/orgs/${orgId}/invitations`, {
        email: email('guest'),
        role: 'viewer',
      }),
  },
  {
    action: 'invite an owner',
    allowed: ['owner'],
    call: (role) =>
      consoleFetch(base, cookies[role], 'POST', `/console/api/orgs/${orgId}/invitations`, {
        email: email('co-owner'),
        role: 'owner',
      }),
  },
  {
    action: "change the viewer's role to viewer",
    allowed: ['owner', 'admin'],
    call: (role) =>
      consoleFetch(
        base,
        cookies[role],
        'PATCH',
        `/console/api/orgs/${orgId}/members/${userIds.viewer}`,
        {
          role: 'viewer',
        },
      ),
  },
  {
    action: 'resend an invitation',
    allowed: ['owner', 'admin'],
    call: async (role) =>
      consoleFetch(
        base,
        cookies[role],
        'POST',
        `/console/api/orgs/${orgId}/invitations/${await openInvitation()}/resend`,
      ),
  },
  {
    action: 'revoke an invitation',
    allowed: ['owner', 'admin'],
    call: async (role) =>
      consoleFetch(
        base,
        cookies[role],
        'DELETE',
        `/console/api/orgs/${orgId}/invitations/${await openInvitation()}`,
      ),
  },
];

/** A fresh invitation of the org, made by its owner; its id. */
async function openInvitation(): Promise<string> {
  const response = await consoleFetch(
    base,
    cookies.owner,
    'POST',
    `/console/api/orgs/${orgId}/invitations`,
    { email: email('pending'), role: 'viewer' },
  );
  expect(response.status).toBe(201);
  return ((await response.json()) as { invitation_id: string }).invitation_id;
}

describe('each role against each action', () => {
  for (const { action, allowed, call } of matrix) {
    for (const role of roles) {
      const may = allowed.includes(role);
      it(`${role} ${may ? 'may' : 'may not'} ${action}`, async () => {
        const response = await call(role);
        if (may) expect(response.status, await response.clone().text()).toBeLessThan(300);
        else await expectError(response, 403, 'FORBIDDEN');
      });
    }
  }

  it('an outsider gets 404 (the org is not revealed), a signed-out visitor 401', async () => {
    const outsider = await signIn(accounts, email('outsider'));
    await expectError(
      await consoleFetch(base, outsider, 'GET', `/console/api/orgs/${orgId}/keys`),
      404,
      'NOT_FOUND',
    );
    await expectError(
      await consoleFetch(base, '', 'GET', `/console/api/orgs/${orgId}/keys`),
      401,
      'SIGN_IN_REQUIRED',
    );
  });

  it("another org's owner cannot revoke or resend this org's invitation (404, it stays open)", async () => {
    const invitationId = await openInvitation();
    const stranger = await signIn(accounts, email('stranger'));
    const strangerOrg = await firstOrgId(base, stranger);
    for (const [method, suffix] of [
      ['DELETE', ''],
      ['POST', '/resend'],
    ] as const)
      await expectError(
        await consoleFetch(
          base,
          stranger,
          method,
          `/console/api/orgs/${strangerOrg}/invitations/${invitationId}${suffix}`,
        ),
        404,
        'NOT_FOUND',
      );
    const revoke = `/console/api/orgs/${orgId}/invitations/${invitationId}`;
    expect((await consoleFetch(base, cookies.owner, 'DELETE', revoke)).status).toBe(204);
    await expectError(await consoleFetch(base, cookies.owner, 'DELETE', revoke), 404, 'NOT_FOUND');
  });

  it('a state change from another site is refused', async () => {
    const response = await fetch(`${base}/console/api/orgs/${orgId}/keys`, {
      method: 'POST',
      headers: {
        cookie: cookies.owner,
        origin: 'https://evil.example',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ name: 'x', scopes: ['calls:read'] }),
    });
    await expectError(response, 403, 'FORBIDDEN');
  });
});

describe('owners', () => {
  it('an admin can neither promote to owner nor demote an owner', async () => {
    const path = (who: Role) => `/console/api/orgs/${orgId}/members/${userIds[who]}`;
    await expectError(
      await consoleFetch(base, cookies.admin, 'PATCH', path('viewer'), { role: 'owner' }),
      403,
      'FORBIDDEN',
    );
    await expectError(
      await consoleFetch(base, cookies.admin, 'PATCH', path('owner'), { role: 'viewer' }),
      403,
      'FORBIDDEN',
    );
  });

  it('the last owner can neither leave nor be demoted', async () => {
    const self = `/console/api/orgs/${orgId}/members/${userIds.owner}`;
    await expectError(await consoleFetch(base, cookies.owner, 'DELETE', self), 409, 'LAST_OWNER');
    await expectError(
      await consoleFetch(base, cookies.owner, 'PATCH', self, { role: 'admin' }),
      409,
      'LAST_OWNER',
    );
  });

  it('with a second owner, the first may step down', async () => {
    const other = await signIn(accounts, email('solo'));
    const soloOrg = await firstOrgId(base, other);
    const second = email('second');
    expect(
      (
        await consoleFetch(base, other, 'POST', `/console/api/orgs/${soloOrg}/invitations`, {
          email: second,
          role: 'owner',
        })
      ).status,
    ).toBe(201);
    const token = await invitationToken(accounts, second);
    const secondCookie = await signIn(accounts, second);
    expect(
      (await consoleFetch(base, secondCookie, 'POST', '/console/api/invitations/accept', { token }))
        .status,
    ).toBe(200);
    const members = (await (
      await consoleFetch(base, other, 'GET', `/console/api/orgs/${soloOrg}/members`)
    ).json()) as {
      members: { user_id: string; email: string }[];
    };
    const first = members.members.find((m) => m.email !== second)!;
    const demoted = await consoleFetch(
      base,
      other,
      'PATCH',
      `/console/api/orgs/${soloOrg}/members/${first.user_id}`,
      {
        role: 'developer',
      },
    );
    expect(demoted.status).toBe(200);
  });
});

describe('invitations', () => {
  it('are bound to the invited address and work once', async () => {
    const address = email('bound');
    await consoleFetch(base, cookies.owner, 'POST', `/console/api/orgs/${orgId}/invitations`, {
      email: address,
      role: 'viewer',
    });
    const token = await invitationToken(accounts, address);
    const stranger = await signIn(accounts, email('stranger'));
    await expectError(
      await consoleFetch(base, stranger, 'POST', '/console/api/invitations/accept', { token }),
      400,
      'INVITATION_INVALID',
    );
    const invited = await signIn(accounts, address);
    expect(
      (await consoleFetch(base, invited, 'POST', '/console/api/invitations/accept', { token }))
        .status,
    ).toBe(200);
    await expectError(
      await consoleFetch(base, invited, 'POST', '/console/api/invitations/accept', { token }),
      400,
      'INVITATION_INVALID',
    );
  });

  it('expire after 7 days', async () => {
    const address = email('late');
    await consoleFetch(base, cookies.owner, 'POST', `/console/api/orgs/${orgId}/invitations`, {
      email: address,
      role: 'viewer',
    });
    const token = await invitationToken(accounts, address);
    accounts.clock.set(new Date(Date.parse(START) + 7 * 86_400_000 + 60_000).toISOString());
    try {
      const invited = await signIn(accounts, address);
      await expectError(
        await consoleFetch(base, invited, 'POST', '/console/api/invitations/accept', { token }),
        400,
        'INVITATION_INVALID',
      );
    } finally {
      accounts.clock.set(START);
    }
  });

  it('npm run admin -- invite gives an admin-created org its first owner', async () => {
    const org = await createTestOrg(base);
    const address = email('first-owner');
    await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        'scripts/admin.ts',
        'invite',
        org.orgId,
        address,
        'owner',
        '--url',
        base,
        '--token',
        ADMIN_TOKEN,
      ],
      { env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test' } },
    );
    const token = await invitationToken(accounts, address);
    const cookie = await signIn(accounts, address);
    const accepted = await consoleFetch(base, cookie, 'POST', '/console/api/invitations/accept', {
      token,
    });
    expect(await accepted.json()).toEqual({ org_id: org.orgId, role: 'owner' });
    expect(
      (await consoleFetch(base, cookie, 'GET', `/console/api/orgs/${org.orgId}/members`)).status,
    ).toBe(200);
  });
});
