import { expect } from 'vitest';
import {
  consoleFetch,
  firstOrgId,
  invitationToken,
  signIn,
  type AccountsServer,
} from './accounts-api';

export type Role = 'owner' | 'admin' | 'developer' | 'viewer';
export const ROLES: Role[] = ['owner', 'admin', 'developer', 'viewer'];

let n = 0;
/** A new address each call (label, a counter and the time), so no two suites share an inbox. */
export const freshEmail = (label: string) => `${label}${++n}-${Date.now()}@example.com`;

/**
 * The owner invites `email` as `role`; that person signs in and accepts the mailed invitation.
 * Returns their session cookie.
 */
export async function joinOrg(
  accounts: AccountsServer,
  owner: { cookie: string; orgId: string },
  email: string,
  role: Exclude<Role, 'owner'>,
): Promise<string> {
  const base = accounts.server.url;
  const path = `/console/api/orgs/${owner.orgId}/invitations`;
  const invited = await consoleFetch(base, owner.cookie, 'POST', path, { email, role });
  expect(invited.status).toBe(201);
  const token = await invitationToken(accounts, email);
  const cookie = await signIn(accounts, email);
  const accepted = await consoleFetch(base, cookie, 'POST', '/console/api/invitations/accept', {
    token,
  });
  expect(accepted.status).toBe(200);
  expect(await accepted.json()).toEqual({ org_id: owner.orgId, role });
  return cookie;
}

export interface Team {
  orgId: string;
  cookies: Record<Role, string>;
  emails: Record<Role, string>;
}

/** A new owner's organization with one signed-in member of each other role. */
export async function createTeam(accounts: AccountsServer, label = ''): Promise<Team> {
  const emails = { owner: freshEmail(`${label}owner`) } as Record<Role, string>;
  const cookies = { owner: await signIn(accounts, emails.owner) } as Record<Role, string>;
  const orgId = await firstOrgId(accounts.server.url, cookies.owner);
  for (const role of ['admin', 'developer', 'viewer'] as const) {
    emails[role] = freshEmail(`${label}${role}`);
    cookies[role] = await joinOrg(accounts, { cookie: cookies.owner, orgId }, emails[role], role);
  }
  return { orgId, cookies, emails };
}
