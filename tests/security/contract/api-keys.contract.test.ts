// Keys on a real database: a member makes a key only within their role's ceiling, a key is read
// back with its maker's current role, rotation keeps the old secret for exactly its grace, and
// requireApiKey refuses what the route's scope or owner-only action does not allow.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MemberRole } from '@/lib/accounts/access/permissions';
import { schema, type Db } from '@/lib/adapters/db';
import { ApiError } from '@/lib/platform/errors/api-error';
import { requireApiKey } from '@/lib/accounts/access/api-key-auth';
import { API_KEY_PREFIX, displayPrefix, hashApiKey } from '@/lib/accounts/orgs/api-key';
import { authenticateOrg } from '@/lib/accounts/orgs/authenticate-org';
import { createOrgKey } from '@/lib/accounts/orgs/create-org-key';
import { createOwnedOrg } from '@/lib/accounts/orgs/create-owned-org';
import { issueApiKey } from '@/lib/accounts/orgs/issue-api-key';
import { revokeApiKey } from '@/lib/accounts/orgs/revoke-api-key';
import { rotateApiKey } from '@/lib/accounts/orgs/rotate-api-key';
import { databaseAdapters, openForSuite } from '../../support/databases';

// requireApiKey reads the process database; here it is the suite's.
const current = vi.hoisted(() => ({ db: null as unknown }));
vi.mock('@/lib/adapters/db', async (original) => ({
  ...(await original<typeof import('@/lib/adapters/db')>()),
  getDb: async () => current.db,
}));

const HOUR = 3_600_000;

async function newUser(db: Db, label: string) {
  const id = `u_${label}_${randomUUID()}`;
  const at = new Date();
  await db.insert(schema.authUsers).values({
    id,
    name: label,
    email: `${label}-${randomUUID()}@example.com`,
    createdAt: at,
    updatedAt: at,
  });
  return { id };
}

/** An org with its owner and one member of each given role (by role). */
async function orgWith(db: Db, roles: MemberRole[]) {
  const owner = await newUser(db, 'owner');
  const orgId = await createOwnedOrg(db, owner, 'Acme', null, 'sign-up', new Date());
  const members: Partial<Record<MemberRole, string>> = { owner: owner.id };
  for (const role of roles) {
    const user = await newUser(db, role);
    await db
      .insert(schema.orgMembers)
      .values({ orgId, userId: user.id, role, createdAt: new Date() });
    members[role] = user.id;
  }
  return { orgId, members };
}

const refusal = async (work: Promise<unknown>) => {
  const error = await work.then(
    () => expect.unreachable('expected a refusal'),
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
};

const auditOf = (db: Db, orgId: string, action: string) =>
  db
    .select({
      actorType: schema.auditLog.actorType,
      actorId: schema.auditLog.actorId,
      targetType: schema.auditLog.targetType,
      targetId: schema.auditLog.targetId,
      after: schema.auditLog.after,
    })
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.orgId, orgId), eq(schema.auditLog.action, action)));

describe.each(databaseAdapters)('API keys on $name', (adapter) => {
  let db: Db;
  openForSuite(adapter, (opened) => (db = opened));
  beforeEach(() => {
    current.db = db;
  });

  describe('a member making a key', () => {
    it('gets one holding what they asked, read back with their role, and audited', async () => {
      const { orgId, members } = await orgWith(db, ['developer']);
      const developer = members.developer!;
      const now = new Date();
      const expiresAt = new Date(now.getTime() + 24 * HOUR);
      const key = await createOrgKey(
        db,
        orgId,
        {
          name: 'ci',
          scopes: ['calls:read', 'speech'],
          createdBy: developer,
          expiresAt,
          spendCapMicros: 2_500_000,
          agentClientName: 'Claude',
        },
        { type: 'user', id: developer },
        now,
      );
      expect(key.keyId).toMatch(/^key_[A-Za-z0-9_-]{12}$/);
      expect(key.apiKey.startsWith(API_KEY_PREFIX)).toBe(true);
      expect(await authenticateOrg(db, `Bearer ${key.apiKey}`)).toEqual({
        orgId,
        keyId: key.keyId,
        balanceMicros: 0,
        owedMicros: 0,
        scopes: ['calls:read', 'speech'],
        makerRole: 'developer',
        spendCapMicros: 2_500_000,
      });
      const [row] = await db.select().from(schema.apiKeys).where(eq(schema.apiKeys.id, key.keyId));
      expect(row).toMatchObject({
        orgId,
        name: 'ci',
        prefix: key.apiKey.slice(0, API_KEY_PREFIX.length + 4),
        hash: hashApiKey(key.apiKey),
        createdAt: now,
        expiresAt,
        createdBy: developer,
        agentClientName: 'Claude',
      });
      expect(await auditOf(db, orgId, 'key.create')).toEqual([
        {
          actorType: 'user',
          actorId: developer,
          targetType: 'api_key',
          targetId: key.keyId,
          after: {
            name: 'ci',
            scopes: ['calls:read', 'speech'],
            expires_at: expiresAt.toISOString(),
            agent_client_name: 'Claude',
            monthly_spend_cap_cents: 250,
            created_by: developer,
          },
        },
      ]);
    });

    it('audits a key without expiry, agent or cap as such', async () => {
      const { orgId, members } = await orgWith(db, []);
      const now = new Date();
      const key = await createOrgKey(
        db,
        orgId,
        { name: 'plain', scopes: ['billing:write'], createdBy: members.owner! },
        { type: 'user', id: members.owner! },
        now,
      );
      expect((await auditOf(db, orgId, 'key.create'))[0]?.after).toEqual({
        name: 'plain',
        scopes: ['billing:write'],
        expires_at: null,
        agent_client_name: null,
        monthly_spend_cap_cents: null,
        created_by: members.owner,
      });
      const [row] = await db.select().from(schema.apiKeys).where(eq(schema.apiKeys.id, key.keyId));
      expect(row).toMatchObject({ expiresAt: null, agentClientName: null, spendCapMicros: null });
    });

    it('is refused scopes beyond their role (403 SCOPE_NOT_ALLOWED naming them), and nothing is written', async () => {
      const { orgId, members } = await orgWith(db, ['developer', 'viewer']);
      const make = (createdBy: string, scopes: string[]) =>
        createOrgKey(
          db,
          orgId,
          { name: 'k', scopes, createdBy },
          { type: 'user', id: createdBy },
          new Date(),
        );
      const developer = await refusal(
        make(members.developer!, ['calls:read', 'billing:write', 'audit:read']),
      );
      expect(developer).toMatchObject({
        code: 'SCOPE_NOT_ALLOWED',
        status: 403,
        message: 'The developer role cannot give a key billing:write, audit:read.',
        field: 'scopes',
      });
      expect(await refusal(make(members.viewer!, ['calls:write']))).toMatchObject({
        code: 'SCOPE_NOT_ALLOWED',
        message: 'The viewer role cannot give a key calls:write.',
      });
      const stranger = await newUser(db, 'stranger');
      expect(await refusal(make(stranger.id, ['calls:read']))).toMatchObject({
        code: 'FORBIDDEN',
        message: 'The key’s maker is not a member.',
      });
      const rows = await db.select().from(schema.apiKeys).where(eq(schema.apiKeys.orgId, orgId));
      expect(rows).toEqual([]);
      expect(await auditOf(db, orgId, 'key.create')).toEqual([]);
    });
  });

  describe('authenticating a key', () => {
    it('reads an operator-issued key (no maker) as the owner’s, and a departed maker’s as none', async () => {
      const { orgId, members } = await orgWith(db, ['developer']);
      const now = new Date();
      const operators = await issueApiKey(db, orgId, now);
      expect(await authenticateOrg(db, operators.apiKey)).toMatchObject({
        scopes: null,
        makerRole: 'owner',
        spendCapMicros: null,
      });
      const developers = await issueApiKey(db, orgId, now, {
        scopes: ['calls:read'],
        createdBy: members.developer!,
      });
      await db
        .delete(schema.orgMembers)
        .where(
          and(eq(schema.orgMembers.orgId, orgId), eq(schema.orgMembers.userId, members.developer!)),
        );
      const refused = await refusal(authenticateOrg(db, developers.apiKey));
      expect(refused).toMatchObject({ code: 'UNAUTHENTICATED', status: 401 });
      expect(refused.headers).toEqual({ 'WWW-Authenticate': 'Bearer' });
    });

    it('refuses a key at its expiry, not a moment before', async () => {
      const { orgId } = await orgWith(db, []);
      const at = new Date();
      const key = await issueApiKey(db, orgId, at, { expiresAt: new Date(at.getTime() + 1) });
      vi.useFakeTimers({ toFake: ['Date'], now: at });
      try {
        expect(await authenticateOrg(db, key.apiKey)).toMatchObject({ keyId: key.keyId });
        vi.setSystemTime(at.getTime() + 1);
        expect(await refusal(authenticateOrg(db, key.apiKey))).toMatchObject({
          code: 'UNAUTHENTICATED',
        });
      } finally {
        vi.useRealTimers();
      }
      expect(await refusal(authenticateOrg(db, ''))).toMatchObject({ code: 'UNAUTHENTICATED' });
    });
  });

  describe('rotating a key', () => {
    it('keeps the old secret working for the grace only, and audits it', async () => {
      const { orgId, members } = await orgWith(db, []);
      const now = new Date();
      const first = await issueApiKey(db, orgId, now, { scopes: ['calls:read'] });
      const actor = { type: 'user' as const, id: members.owner! };
      const second = await rotateApiKey(db, orgId, first.keyId, 2, actor, now);
      expect(second.keyId).toBe(first.keyId);
      expect(second.apiKey).not.toBe(first.apiKey);
      expect(second.previousValidUntil).toEqual(new Date(now.getTime() + 2 * HOUR));
      expect(await authenticateOrg(db, first.apiKey)).toMatchObject({ keyId: first.keyId });
      expect(await authenticateOrg(db, second.apiKey)).toMatchObject({
        keyId: first.keyId,
        scopes: ['calls:read'],
      });
      const [row] = await db
        .select()
        .from(schema.apiKeys)
        .where(eq(schema.apiKeys.id, first.keyId));
      expect(row).toMatchObject({
        prefix: displayPrefix(second.apiKey),
        hash: hashApiKey(second.apiKey),
        previousHash: hashApiKey(first.apiKey),
        previousExpiresAt: second.previousValidUntil,
      });
      expect(await auditOf(db, orgId, 'key.rotate')).toEqual([
        {
          actorType: 'user',
          actorId: members.owner,
          targetType: 'api_key',
          targetId: first.keyId,
          after: {
            grace_hours: 2,
            previous_valid_until: second.previousValidUntil.toISOString(),
          },
        },
      ]);
      // Rotating again: the first secret goes at once, the second keeps its grace.
      const third = await rotateApiKey(db, orgId, first.keyId, 0, actor, new Date());
      expect(await refusal(authenticateOrg(db, first.apiKey))).toMatchObject({ status: 401 });
      // Grace 0: the second secret stopped when the third was made.
      expect(await refusal(authenticateOrg(db, second.apiKey))).toMatchObject({ status: 401 });
      expect(await authenticateOrg(db, third.apiKey)).toMatchObject({ keyId: first.keyId });
    });

    it('cannot rotate or revoke a revoked key, and revoking ends a secret in grace too', async () => {
      const { orgId, members } = await orgWith(db, []);
      const actor = { type: 'user' as const, id: members.owner! };
      const first = await issueApiKey(db, orgId, new Date());
      const second = await rotateApiKey(db, orgId, first.keyId, 72, actor, new Date());
      await revokeApiKey(db, orgId, first.keyId, new Date(), actor);
      expect(await refusal(authenticateOrg(db, first.apiKey))).toMatchObject({ status: 401 });
      expect(await refusal(authenticateOrg(db, second.apiKey))).toMatchObject({ status: 401 });
      expect(
        await refusal(rotateApiKey(db, orgId, first.keyId, 1, actor, new Date())),
      ).toMatchObject({ code: 'NOT_FOUND', message: 'No active key has this id.' });
      // Revoked by the operator (the admin API): audited as such.
      const operators = await issueApiKey(db, orgId, new Date());
      await revokeApiKey(db, orgId, operators.keyId, new Date());
      expect(await auditOf(db, orgId, 'key.revoke')).toEqual([
        {
          actorType: 'user',
          actorId: members.owner,
          targetType: 'api_key',
          targetId: first.keyId,
          after: null,
        },
        {
          actorType: 'admin',
          actorId: null,
          targetType: 'api_key',
          targetId: operators.keyId,
          after: null,
        },
      ]);
    });
  });

  describe('requireApiKey', () => {
    const request = (method: string, path: string, key: string) =>
      new Request(`http://localhost${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, 'x-forwarded-for': '198.51.100.4' },
      });

    it('lets a key through to a route its scope opens, and records where it was used', async () => {
      const { orgId } = await orgWith(db, []);
      const key = await issueApiKey(db, orgId, new Date(), { scopes: ['calls:read'] });
      const org = await requireApiKey(request('GET', '/v1/calls/abc', key.apiKey));
      expect(org).toMatchObject({ orgId, keyId: key.keyId, makerRole: 'owner' });
      await expect
        .poll(async () => {
          const [row] = await db
            .select({ ip: schema.apiKeys.lastUsedIp })
            .from(schema.apiKeys)
            .where(eq(schema.apiKeys.id, key.keyId));
          return row?.ip;
        })
        .toBe('198.51.100.4');
    });

    it('refuses a key without the route’s scope: 403 INSUFFICIENT_SCOPE naming it', async () => {
      const { orgId } = await orgWith(db, []);
      const key = await issueApiKey(db, orgId, new Date(), { scopes: ['calls:read'] });
      const refused = await refusal(requireApiKey(request('POST', '/v1/calls', key.apiKey)));
      expect(refused).toMatchObject({
        code: 'INSUFFICIENT_SCOPE',
        status: 403,
        message: 'This API key lacks the scope "calls:write".',
        hint: 'Use a key with the calls:write scope (create one in the console).',
        field: 'calls:write',
      });
    });

    it('refuses an admin’s key the owner-only auto top-up settings: 403 FORBIDDEN', async () => {
      const { orgId, members } = await orgWith(db, ['admin']);
      const admins = await issueApiKey(db, orgId, new Date(), {
        scopes: ['billing:write'],
        createdBy: members.admin!,
      });
      const refused = await refusal(
        requireApiKey(request('PUT', '/v1/billing/auto-top-up', admins.apiKey)),
      );
      expect(refused).toMatchObject({
        code: 'FORBIDDEN',
        status: 403,
        message:
          "This API key's maker (admin) may not billing.auto_top_up; only a key made by a member whose role allows it can.",
        hint: 'Use a key made by an owner of the organization.',
      });
      // Without the scope it is the scope that is missing, whoever made the key.
      const readers = await issueApiKey(db, orgId, new Date(), { scopes: ['billing:read'] });
      expect(
        await refusal(requireApiKey(request('PUT', '/v1/billing/auto-top-up', readers.apiKey))),
      ).toMatchObject({ code: 'INSUFFICIENT_SCOPE', field: 'billing:write' });
      const owners = await issueApiKey(db, orgId, new Date(), { scopes: ['billing:write'] });
      expect(
        await requireApiKey(request('PUT', '/v1/billing/auto-top-up', owners.apiKey)),
      ).toMatchObject({ keyId: owners.keyId });
    });

    it('refuses a route missing from the scope table rather than allow it', async () => {
      const { orgId } = await orgWith(db, []);
      const key = await issueApiKey(db, orgId, new Date());
      const refused = await refusal(requireApiKey(request('GET', '/v1/unknown', key.apiKey)));
      expect(refused).toMatchObject({ code: 'INTERNAL_ERROR', status: 500 });
      expect(refused.cause).toBe('no scope for http://localhost/v1/unknown');
    });
  });
});
