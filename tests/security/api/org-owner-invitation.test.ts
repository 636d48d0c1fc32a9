// Attack: an organization left with no owner (issue 30, defect 4). An admin invited the only
// owner's address as a viewer; the owner accepted, the acceptance overwrote their role, and no one
// could reach owner-only actions again. Over HTTP against the built server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  consoleFetch,
  firstOrgId,
  invitationToken,
  signIn,
  startAccountsServer,
  type AccountsServer,
} from '../../support/accounts-api';
import { expectError } from '../../support/http';
import { createTeam, freshEmail, type Team } from '../../support/org-team';

let accounts: AccountsServer;
let base: string;
let team: Team;

beforeAll(async () => {
  accounts = await startAccountsServer();
  base = accounts.server.url;
  team = await createTeam(accounts, 'sec-');
});
afterAll(() => accounts?.dispose());

const membersOf = async (cookie: string, orgId: string) =>
  (
    (await (
      await consoleFetch(base, cookie, 'GET', `/console/api/orgs/${orgId}/members`)
    ).json()) as { members: { user_id: string; email: string; role: string }[] }
  ).members;

const invite = (cookie: string, orgId: string, email: string, role: string) =>
  consoleFetch(base, cookie, 'POST', `/console/api/orgs/${orgId}/invitations`, { email, role });

const accept = (cookie: string, token: string) =>
  consoleFetch(base, cookie, 'POST', '/console/api/invitations/accept', { token });

describe('inviting someone who is already a member', () => {
  it("an admin inviting the only owner's address as a viewer is refused, and no mail goes out", async () => {
    const { orgId, cookies, emails } = team;
    for (const address of [emails.owner, emails.owner.toUpperCase()]) {
      await expectError(
        await invite(cookies.admin, orgId, address, 'viewer'),
        409,
        'ALREADY_MEMBER',
      );
    }
    // Any member's address, whoever invites and whatever the role.
    await expectError(
      await invite(cookies.owner, orgId, emails.viewer, 'admin'),
      409,
      'ALREADY_MEMBER',
    );
    const invitations = accounts.smtp.received.filter(
      (mail) => mail.to.includes(emails.owner.toLowerCase()) && /invited/i.test(mail.subject),
    );
    expect(invitations).toEqual([]);
    const owner = (await membersOf(cookies.owner, orgId)).find((m) => m.email === emails.owner);
    expect(owner?.role).toBe('owner');
  });
});

describe('an invitation that was open before its address joined', () => {
  it('accepting it is refused and never changes the role: the org keeps its owner', async () => {
    // A solo owner's org; an invitation as viewer and one as owner go to the same new address.
    const founder = await signIn(accounts, freshEmail('founder'));
    const orgId = await firstOrgId(base, founder);
    const heir = freshEmail('heir');
    expect((await invite(founder, orgId, heir, 'viewer')).status).toBe(201);
    const asViewer = await invitationToken(accounts, heir);
    expect((await invite(founder, orgId, heir, 'owner')).status).toBe(201);
    const asOwner = await invitationToken(accounts, heir);
    const heirCookie = await signIn(accounts, heir);
    expect(await (await accept(heirCookie, asOwner)).json()).toEqual({
      org_id: orgId,
      role: 'owner',
    });
    // The founder leaves: the heir is now the only owner.
    const founderId = (await membersOf(heirCookie, orgId)).find((m) => m.email !== heir)!.user_id;
    expect(
      (
        await consoleFetch(
          base,
          founder,
          'DELETE',
          `/console/api/orgs/${orgId}/members/${founderId}`,
        )
      ).status,
    ).toBe(200);
    // The old viewer invitation would have made the org ownerless.
    await expectError(await accept(heirCookie, asViewer), 409, 'ALREADY_MEMBER');
    expect(await membersOf(heirCookie, orgId)).toEqual([
      expect.objectContaining({ email: heir, role: 'owner' }),
    ]);
    // The refused invitation is closed for good.
    await expectError(await accept(heirCookie, asViewer), 400, 'INVITATION_INVALID');
  });
});

describe('the last owner over HTTP', () => {
  it('can be neither demoted, removed by themselves (leave) nor by anyone else', async () => {
    const { orgId, cookies } = team;
    const ownerId = (await membersOf(cookies.owner, orgId)).find(
      (m) => m.role === 'owner',
    )!.user_id;
    const path = `/console/api/orgs/${orgId}/members/${ownerId}`;
    await expectError(await consoleFetch(base, cookies.owner, 'DELETE', path), 409, 'LAST_OWNER');
    await expectError(
      await consoleFetch(base, cookies.owner, 'PATCH', path, { role: 'viewer' }),
      409,
      'LAST_OWNER',
    );
    expect((await membersOf(cookies.owner, orgId)).find((m) => m.user_id === ownerId)?.role).toBe(
      'owner',
    );
  });
});
