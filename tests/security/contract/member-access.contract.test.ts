// The console's one membership check (requireMember) and the route wrapper every console API uses
// (withMember), on a real database: a non-member learns nothing (404), a role refused an action
// gets 403 naming both, and a handler runs only for a member allowed to act.
import { randomUUID } from 'node:crypto';
import { NextRequest } from 'next/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { requireMember } from '@/lib/accounts/access/require-member';
import { withMember, type MemberContext } from '@/lib/accounts/access/with-member';
import type { MemberRole } from '@/lib/accounts/access/permissions';
import type { SessionUser } from '@/lib/accounts/auth/current-session';
import { schema, type Db } from '@/lib/adapters/db';
import { ApiError } from '@/lib/platform/errors/api-error';
import { createOwnedOrg } from '@/lib/accounts/orgs/create-owned-org';
import { databaseAdapters, openForSuite } from '../../support/databases';

// The session and the process database are the only outside pieces withMember reads.
const session = vi.hoisted(() => ({ user: null as SessionUser | null, db: null as unknown }));
vi.mock('@/lib/accounts/auth/require-session-user', async () => {
  const { ApiError: Refusal } = await import('@/lib/platform/errors/api-error');
  return {
    requireSessionUser: async () => {
      if (!session.user) throw new Refusal('SIGN_IN_REQUIRED');
      return session.user;
    },
  };
});
vi.mock('@/lib/adapters/db', async (original) => ({
  ...(await original<typeof import('@/lib/adapters/db')>()),
  getDb: async () => session.db,
}));

const now = new Date('2026-11-01T12:00:00Z');

async function newUser(db: Db, label: string): Promise<SessionUser> {
  const id = `u_${label}_${randomUUID()}`;
  const email = `${label}-${randomUUID()}@example.com`;
  await db
    .insert(schema.authUsers)
    .values({ id, name: label, email, createdAt: now, updatedAt: now });
  return { id, email, name: label };
}

async function orgWith(db: Db, roles: MemberRole[]) {
  const owner = await newUser(db, 'owner');
  const orgId = await createOwnedOrg(db, owner, 'Acme', null, 'sign-up', now);
  const members: SessionUser[] = [];
  for (const role of roles) {
    const user = await newUser(db, role);
    await db.insert(schema.orgMembers).values({ orgId, userId: user.id, role, createdAt: now });
    members.push(user);
  }
  return { orgId, owner, members };
}

const refusal = (work: Promise<unknown>) =>
  work.then(
    () => expect.unreachable('expected a refusal'),
    (error: unknown) => {
      expect(error).toBeInstanceOf(ApiError);
      const { code, status, message } = error as ApiError;
      return { code, status, message };
    },
  );

describe.each(databaseAdapters)('member access on $name', (adapter) => {
  let db: Db;
  openForSuite(adapter, (opened) => (db = opened));
  beforeEach(() => {
    session.db = db;
    session.user = null;
  });

  it('answers a member’s role when it allows the action', async () => {
    const { orgId, owner, members } = await orgWith(db, ['developer', 'viewer']);
    const [developer, viewer] = members as [SessionUser, SessionUser];
    expect(await requireMember(db, owner.id, orgId, 'org.delete')).toBe('owner');
    expect(await requireMember(db, developer.id, orgId, 'keys.manage')).toBe('developer');
    expect(await requireMember(db, viewer.id, orgId, 'calls.read')).toBe('viewer');
  });

  it('refuses a role the action is beyond with 403 naming both', async () => {
    const { orgId, members } = await orgWith(db, ['developer', 'viewer', 'admin']);
    const [developer, viewer, admin] = members as [SessionUser, SessionUser, SessionUser];
    expect(await refusal(requireMember(db, developer.id, orgId, 'billing.manage'))).toEqual({
      code: 'FORBIDDEN',
      status: 403,
      message: 'The developer role does not allow billing.manage in this organization.',
    });
    expect(await refusal(requireMember(db, viewer.id, orgId, 'calls.write'))).toMatchObject({
      code: 'FORBIDDEN',
      message: 'The viewer role does not allow calls.write in this organization.',
    });
    expect(await refusal(requireMember(db, admin.id, orgId, 'org.delete'))).toMatchObject({
      code: 'FORBIDDEN',
      message: 'The admin role does not allow org.delete in this organization.',
    });
  });

  it('answers 404 to someone not a member, even an owner of another org', async () => {
    const { orgId } = await orgWith(db, []);
    const other = await orgWith(db, []);
    const expected = {
      code: 'NOT_FOUND',
      status: 404,
      message: 'You are not a member of this organization.',
    };
    expect(await refusal(requireMember(db, other.owner.id, orgId, 'org.read'))).toEqual(expected);
    expect(await refusal(requireMember(db, 'nobody', orgId, 'org.read'))).toEqual(expected);
  });

  describe('withMember', () => {
    const request = (orgId: string) =>
      new NextRequest(`http://localhost/console/api/orgs/${orgId}`, {
        headers: { 'x-forwarded-for': '203.0.113.7, 10.0.0.1' },
      });

    it('runs the handler for a member allowed to act, with who they are and the org', async () => {
      const { orgId, members } = await orgWith(db, ['developer']);
      const developer = members[0]!;
      session.user = developer;
      const seen: Omit<MemberContext, 'request' | 'db'>[] = [];
      const handler = withMember('calls.write', async ({ request: _r, db: used, ...rest }) => {
        expect(used).toBe(db);
        seen.push(rest);
        return Response.json({ ok: true });
      });
      const params = { org_id: orgId.toUpperCase() };
      const response = await handler({ request: request(orgId), params, requestId: 'r1' });
      expect(response.status).toBe(200);
      expect(seen).toEqual([
        {
          params,
          requestId: 'r1',
          user: developer,
          orgId,
          role: 'developer',
          actor: { type: 'user', id: developer.id, ip: '203.0.113.7' },
        },
      ]);
    });

    it('refuses before the handler runs: signed out 401, non-member 404, role 403', async () => {
      const { orgId, members } = await orgWith(db, ['viewer']);
      const viewer = members[0]!;
      const handler = vi.fn(async () => Response.json({ ok: true }));
      const route = withMember('members.manage', handler);
      const call = () =>
        route({ request: request(orgId), params: { org_id: orgId }, requestId: 'r' });
      expect(await refusal(Promise.resolve().then(call))).toMatchObject({ status: 401 });
      session.user = (await orgWith(db, [])).owner;
      expect(await refusal(Promise.resolve().then(call))).toMatchObject({ code: 'NOT_FOUND' });
      session.user = viewer;
      expect(await refusal(Promise.resolve().then(call))).toMatchObject({
        code: 'FORBIDDEN',
        message: 'The viewer role does not allow members.manage in this organization.',
      });
      expect(handler).not.toHaveBeenCalled();
    });

    it('asks the action a request needs of who sends it (leaving needs none, removing others does)', async () => {
      const { orgId, members } = await orgWith(db, ['viewer', 'viewer']);
      const [viewer, other] = members as [SessionUser, SessionUser];
      const route = withMember(
        ({ user, params }) => (params.user_id === user.id ? 'org.read' : 'members.manage'),
        async ({ role }) => Response.json({ role }),
      );
      session.user = viewer;
      const leave = await route({
        request: request(orgId),
        params: { org_id: orgId, user_id: viewer.id },
        requestId: 'r',
      });
      expect(await leave.json()).toEqual({ role: 'viewer' });
      const removal = route({
        request: request(orgId),
        params: { org_id: orgId, user_id: other.id },
        requestId: 'r',
      });
      expect(await refusal(Promise.resolve(removal))).toMatchObject({ code: 'FORBIDDEN' });
    });
  });
});
