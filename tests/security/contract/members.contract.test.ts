// Members and invitations on a real database: who may grant the owner role, what an invitation
// binds (address, once, 7 days), and the keys a demotion or removal cuts — each cut audited and
// told to the owners.
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { MemberRole } from '@/lib/accounts/access/permissions';
import { schema, type Db } from '@/lib/adapters/db';
import { ApiError } from '@/lib/platform/errors/api-error';
import type { MailMessage } from '@/lib/adapters/mail/types';
import { acceptInvitation } from '@/lib/accounts/members/accept-invitation';
import { changeMember } from '@/lib/accounts/members/change-member';
import { cutMemberKeys } from '@/lib/accounts/members/cut-member-keys';
import {
  hashInvitationToken,
  INVITATION_TTL_MS,
  inviteMember,
} from '@/lib/accounts/members/invite-member';
import { listMembers } from '@/lib/accounts/members/list-members';
import { mailKeyCuts } from '@/lib/accounts/members/mail-key-cuts';
import { createOwnedOrg } from '@/lib/accounts/orgs/create-owned-org';
import { issueApiKey } from '@/lib/accounts/orgs/issue-api-key';
import { databaseAdapters, openForSuite } from '../../support/databases';

const now = new Date('2026-11-01T12:00:00Z');
const DAY = 86_400_000;
const origin = 'https://voice.example.com';

async function newUser(db: Db, label: string, joined = now) {
  const id = `u_${label}_${randomUUID()}`;
  const email = `${label}-${randomUUID()}@example.com`;
  await db
    .insert(schema.authUsers)
    .values({ id, name: label, email, createdAt: joined, updatedAt: joined });
  return { id, email, name: label };
}

/** An org (named Acme unless told) with its owner and one member per role given, joined a minute apart. */
async function orgWith(db: Db, roles: MemberRole[], name = 'Acme') {
  const owner = await newUser(db, 'owner');
  const orgId = await createOwnedOrg(db, owner, name, null, 'sign-up', now);
  const others = [];
  for (const [i, role] of roles.entries()) {
    const user = await newUser(db, role);
    await db.insert(schema.orgMembers).values({
      orgId,
      userId: user.id,
      role,
      createdAt: new Date(now.getTime() + (i + 1) * 60_000),
    });
    others.push(user);
  }
  return { orgId, owner, others };
}

function outbox() {
  const sent: MailMessage[] = [];
  return {
    sent,
    mailer: {
      kind: 'outbox' as const,
      description: 'test',
      send: async (m: MailMessage) => void sent.push(m),
    },
  };
}

const refusal = async (work: Promise<unknown>) => {
  const error = await work.then(
    () => expect.unreachable('expected a refusal'),
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ApiError);
  const { code, status, message } = error as ApiError;
  return { code, status, message };
};

const audit = (db: Db, orgId: string, action: string) =>
  db
    .select({
      actorType: schema.auditLog.actorType,
      actorId: schema.auditLog.actorId,
      targetType: schema.auditLog.targetType,
      targetId: schema.auditLog.targetId,
      before: schema.auditLog.before,
      after: schema.auditLog.after,
      at: schema.auditLog.at,
    })
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.orgId, orgId), eq(schema.auditLog.action, action)))
    .orderBy(asc(schema.auditLog.id));

const roleOf = async (db: Db, orgId: string, userId: string) =>
  (
    await db
      .select({ role: schema.orgMembers.role })
      .from(schema.orgMembers)
      .where(and(eq(schema.orgMembers.orgId, orgId), eq(schema.orgMembers.userId, userId)))
  )[0]?.role ?? null;

const keyRow = async (db: Db, keyId: string) =>
  (
    await db
      .select({ scopes: schema.apiKeys.scopes, revokedAt: schema.apiKeys.revokedAt })
      .from(schema.apiKeys)
      .where(eq(schema.apiKeys.id, keyId))
  )[0];

const tokenOf = (mail: MailMessage | undefined) =>
  new URL(mail?.links?.[0] ?? 'http://x').searchParams.get('token') ?? '';

describe.each(databaseAdapters)('members and invitations on $name', (adapter) => {
  let db: Db;
  openForSuite(adapter, (opened) => (db = opened));

  describe('inviting', () => {
    it('mails a single-use link bound to the address, valid 7 days, and audits it', async () => {
      await orgWith(db, [], 'Another org'); // the mail names the invitation's org, not any
      const { orgId, owner } = await orgWith(db, [], 'Bright Dental');
      const { sent, mailer } = outbox();
      const invited = await inviteMember(
        { db, mailer, origin },
        { orgId, email: '  New.Person@Example.COM ', role: 'developer', actorRole: 'owner' },
        { type: 'user', id: owner.id },
        now,
      );
      expect(invited.invitationId).toMatch(/^inv_[A-Za-z0-9_-]{12}$/);
      expect(invited.expiresAt).toEqual(new Date(now.getTime() + 7 * DAY));
      expect(INVITATION_TTL_MS).toBe(7 * DAY);
      expect(sent).toHaveLength(1);
      const token = tokenOf(sent[0]);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const link = `${origin}/invitations/accept?token=${token}`;
      expect(sent[0]).toEqual({
        to: 'new.person@example.com',
        subject: 'You are invited to Bright Dental on Voice AI',
        text: `You are invited to join Bright Dental as developer.\n\nAccept (sign in as new.person@example.com first): ${link}\n\nThe invitation works once and expires in 7 days.`,
        links: [link],
      });
      const [row] = await db
        .select()
        .from(schema.orgInvitations)
        .where(eq(schema.orgInvitations.id, invited.invitationId));
      expect(row).toMatchObject({
        orgId,
        email: 'new.person@example.com',
        role: 'developer',
        tokenHash: hashInvitationToken(token),
        invitedBy: owner.id,
        createdAt: now,
        expiresAt: invited.expiresAt,
        acceptedAt: null,
        revokedAt: null,
      });
      expect(await audit(db, orgId, 'invitation.create')).toEqual([
        {
          actorType: 'user',
          actorId: owner.id,
          targetType: 'invitation',
          targetId: invited.invitationId,
          before: null,
          after: {
            email: 'new.person@example.com',
            role: 'developer',
            expires_at: invited.expiresAt.toISOString(),
          },
          at: now,
        },
      ]);
    });

    it('lets only an owner (or the admin API) invite an owner', async () => {
      const { orgId, others } = await orgWith(db, ['admin']);
      const admin = others[0]!;
      const { sent, mailer } = outbox();
      const invite = (role: MemberRole, actorRole: MemberRole | null) =>
        inviteMember(
          { db, mailer, origin },
          { orgId, email: `${randomUUID()}@example.com`, role, actorRole },
          actorRole ? { type: 'user', id: admin.id } : { type: 'admin', id: null },
          now,
        );
      expect(await refusal(invite('owner', 'admin'))).toEqual({
        code: 'FORBIDDEN',
        status: 403,
        message: 'Only an owner can invite an owner.',
      });
      expect(sent).toEqual([]);
      await invite('admin', 'admin');
      await invite('owner', 'owner');
      const byOperator = await invite('owner', null);
      expect(sent).toHaveLength(3);
      const [row] = await db
        .select({ invitedBy: schema.orgInvitations.invitedBy })
        .from(schema.orgInvitations)
        .where(eq(schema.orgInvitations.id, byOperator.invitationId));
      expect(row?.invitedBy).toBe('admin');
    });
  });

  describe('accepting', () => {
    async function invited(role: MemberRole = 'viewer') {
      const { orgId, owner } = await orgWith(db, []);
      const user = await newUser(db, 'invitee');
      const { sent, mailer } = outbox();
      const invitation = await inviteMember(
        { db, mailer, origin },
        { orgId, email: user.email, role, actorRole: 'owner' },
        { type: 'user', id: owner.id },
        now,
      );
      return { orgId, user, token: tokenOf(sent[0]), invitation };
    }

    it('joins the invited address once, in the invited role, and audits it', async () => {
      const { orgId, user, token, invitation } = await invited('developer');
      const at = new Date(now.getTime() + DAY);
      // The address as the session has it, whatever its case.
      const asSignedIn = { ...user, email: user.email.toUpperCase() };
      expect(await acceptInvitation(db, token, asSignedIn, at)).toEqual({
        orgId,
        role: 'developer',
      });
      expect(await roleOf(db, orgId, user.id)).toBe('developer');
      const [row] = await db
        .select()
        .from(schema.orgInvitations)
        .where(eq(schema.orgInvitations.id, invitation.invitationId));
      expect(row).toMatchObject({ acceptedAt: at, revokedAt: null });
      expect(await audit(db, orgId, 'invitation.accept')).toEqual([
        {
          actorType: 'user',
          actorId: user.id,
          targetType: 'invitation',
          targetId: invitation.invitationId,
          before: null,
          after: { role: 'developer', email: user.email },
          at,
        },
      ]);
      expect(await refusal(acceptInvitation(db, token, user, at))).toMatchObject({
        code: 'INVITATION_INVALID',
      });
    });

    it('refuses another address, a wrong token and an expired link', async () => {
      const { orgId, user, token } = await invited();
      const other = await newUser(db, 'other');
      expect(await refusal(acceptInvitation(db, token, other, now))).toMatchObject({
        code: 'INVITATION_INVALID',
      });
      expect(await refusal(acceptInvitation(db, `${token}x`, user, now))).toMatchObject({
        code: 'INVITATION_INVALID',
      });
      const expiry = new Date(now.getTime() + INVITATION_TTL_MS);
      expect(await refusal(acceptInvitation(db, token, user, expiry))).toMatchObject({
        code: 'INVITATION_INVALID',
      });
      expect(await roleOf(db, orgId, user.id)).toBeNull();
      // A moment before its expiry it still works.
      expect(await acceptInvitation(db, token, user, new Date(expiry.getTime() - 1))).toMatchObject(
        { orgId },
      );
    });

    it('a member accepting is refused (409 ALREADY_MEMBER), their role kept, the invitation closed', async () => {
      const { orgId, user, token, invitation } = await invited('admin');
      await db
        .insert(schema.orgMembers)
        .values({ orgId, userId: user.id, role: 'viewer', createdAt: now });
      expect(await refusal(acceptInvitation(db, token, user, now))).toEqual({
        code: 'ALREADY_MEMBER',
        status: 409,
        message: expect.any(String),
      });
      expect(await roleOf(db, orgId, user.id)).toBe('viewer');
      const [row] = await db
        .select()
        .from(schema.orgInvitations)
        .where(eq(schema.orgInvitations.id, invitation.invitationId));
      expect(row).toMatchObject({ acceptedAt: null, revokedAt: now });
      expect(await audit(db, orgId, 'invitation.refuse')).toMatchObject([
        {
          actorType: 'user',
          actorId: user.id,
          targetId: invitation.invitationId,
          after: { role: 'admin', email: user.email, reason: 'already_member' },
        },
      ]);
      expect(await audit(db, orgId, 'invitation.accept')).toEqual([]);
    });
  });

  describe('changing a member', () => {
    it('lets only an owner grant or take the owner role', async () => {
      const { orgId, owner, others } = await orgWith(db, ['admin', 'developer']);
      const [admin, developer] = [others[0]!, others[1]!];
      const change = (userId: string, role: MemberRole | null, actorRole: MemberRole) =>
        changeMember(db, { orgId, userId, role, actorRole }, { type: 'user', id: admin.id }, now);
      const onlyOwners = {
        code: 'FORBIDDEN',
        status: 403,
        message: 'Only an owner can grant or take the owner role.',
      };
      expect(await refusal(change(developer.id, 'owner', 'admin'))).toEqual(onlyOwners);
      expect(await refusal(change(owner.id, 'viewer', 'admin'))).toEqual(onlyOwners);
      expect(await refusal(change(owner.id, null, 'admin'))).toEqual(onlyOwners);
      expect(await roleOf(db, orgId, developer.id)).toBe('developer');
      await change(developer.id, 'viewer', 'admin');
      expect(await roleOf(db, orgId, developer.id)).toBe('viewer');
      await change(developer.id, 'owner', 'owner');
      expect(await roleOf(db, orgId, developer.id)).toBe('owner');
      expect(await refusal(change('nobody', 'viewer', 'owner'))).toEqual({
        code: 'NOT_FOUND',
        status: 404,
        message: 'No member has this id.',
      });
      expect(await audit(db, orgId, 'member.role')).toEqual([
        {
          actorType: 'user',
          actorId: admin.id,
          targetType: 'user',
          targetId: developer.id,
          before: { role: 'developer' },
          after: { role: 'viewer' },
          at: now,
        },
        {
          actorType: 'user',
          actorId: admin.id,
          targetType: 'user',
          targetId: developer.id,
          before: { role: 'viewer' },
          after: { role: 'owner' },
          at: now,
        },
      ]);
    });

    it('removes a member, audited, and lists the rest oldest first', async () => {
      const { orgId, owner, others } = await orgWith(db, ['developer', 'viewer']);
      const [developer, viewer] = [others[0]!, others[1]!];
      const cut = await changeMember(
        db,
        { orgId, userId: developer.id, role: null, actorRole: 'admin' },
        { type: 'user', id: owner.id },
        now,
      );
      expect(cut).toEqual([]);
      expect(await roleOf(db, orgId, developer.id)).toBeNull();
      expect(await audit(db, orgId, 'member.remove')).toMatchObject([
        { targetId: developer.id, before: { role: 'developer' }, after: null },
      ]);
      expect(await listMembers(db, orgId)).toEqual([
        { userId: owner.id, email: owner.email, name: 'owner', role: 'owner', joinedAt: now },
        {
          userId: viewer.id,
          email: viewer.email,
          name: 'viewer',
          role: 'viewer',
          joinedAt: new Date(now.getTime() + 2 * 60_000),
        },
      ]);
    });
  });

  describe('the keys a change cuts', () => {
    it('a demotion takes what the new role may not give, revokes a key left with nothing, and leaves the rest', async () => {
      const { orgId, owner, others } = await orgWith(db, ['developer', 'developer']);
      const [developer, colleague] = [others[0]!, others[1]!];
      const make = (scopes: string[] | null, createdBy = developer.id, at = now) =>
        issueApiKey(db, orgId, at, { name: 'k', scopes, createdBy });
      const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
      const mixed = await make(['calls:read', 'calls:write', 'speech'], developer.id, later(1));
      const speech = await make(['speech'], developer.id, later(2));
      const reader = await make(['calls:read'], developer.id, later(3));
      const full = await make(null, developer.id, later(4));
      const colleagues = await make(['speech'], colleague.id);
      const gone = await make(['speech'], developer.id);
      await db
        .update(schema.apiKeys)
        .set({ revokedAt: now })
        .where(eq(schema.apiKeys.id, gone.keyId));
      const actor = { type: 'user' as const, id: owner.id };
      const cut = await changeMember(
        db,
        { orgId, userId: developer.id, role: 'viewer', actorRole: 'owner' },
        actor,
        later(10),
      );
      const prefixOf = (key: { apiKey: string }) => key.apiKey.slice(0, 11);
      expect(cut).toEqual([
        {
          keyId: mixed.keyId,
          name: 'k',
          prefix: prefixOf(mixed),
          scopes: ['calls:read', 'calls:write', 'speech'],
          lost: ['calls:write', 'speech'],
          kept: ['calls:read'],
        },
        {
          keyId: speech.keyId,
          name: 'k',
          prefix: prefixOf(speech),
          scopes: ['speech'],
          lost: ['speech'],
          kept: null,
        },
        {
          keyId: full.keyId,
          name: 'k',
          prefix: prefixOf(full),
          scopes: null,
          lost: [
            'calls:write',
            'speech',
            'voices:write',
            'mcp:write',
            'audit:read',
            'billing:read',
            'billing:write',
            'agents:write',
            'numbers:write',
          ],
          kept: ['calls:read', 'voices:read', 'mcp:read', 'agents:read', 'numbers:read'],
        },
      ]);
      expect(await keyRow(db, mixed.keyId)).toEqual({ scopes: ['calls:read'], revokedAt: null });
      expect(await keyRow(db, speech.keyId)).toEqual({ scopes: ['speech'], revokedAt: later(10) });
      expect(await keyRow(db, reader.keyId)).toEqual({ scopes: ['calls:read'], revokedAt: null });
      expect(await keyRow(db, full.keyId)).toEqual({
        scopes: ['calls:read', 'voices:read', 'mcp:read', 'agents:read', 'numbers:read'],
        revokedAt: null,
      });
      expect(await keyRow(db, colleagues.keyId)).toEqual({ scopes: ['speech'], revokedAt: null });
      expect(await keyRow(db, gone.keyId)).toEqual({ scopes: ['speech'], revokedAt: now });
      const member = { reason: 'member_role', member: developer.id, role: 'viewer' };
      expect(await audit(db, orgId, 'key.scopes_cut')).toEqual([
        {
          actorType: 'user',
          actorId: owner.id,
          targetType: 'api_key',
          targetId: mixed.keyId,
          before: { scopes: ['calls:read', 'calls:write', 'speech'] },
          after: { scopes: ['calls:read'], ...member },
          at: later(10),
        },
        {
          actorType: 'user',
          actorId: owner.id,
          targetType: 'api_key',
          targetId: full.keyId,
          before: { scopes: null },
          after: {
            scopes: ['calls:read', 'voices:read', 'mcp:read', 'agents:read', 'numbers:read'],
            ...member,
          },
          at: later(10),
        },
      ]);
      expect(await audit(db, orgId, 'key.revoke')).toEqual([
        {
          actorType: 'user',
          actorId: owner.id,
          targetType: 'api_key',
          targetId: speech.keyId,
          before: { scopes: ['speech'] },
          after: member,
          at: later(10),
        },
      ]);
    });

    it('a removal revokes every live key the member made, each audited', async () => {
      const { orgId, owner, others } = await orgWith(db, ['developer']);
      const developer = others[0]!;
      const first = await issueApiKey(db, orgId, now, {
        scopes: ['calls:read'],
        createdBy: developer.id,
      });
      const second = await issueApiKey(db, orgId, new Date(now.getTime() + 1), {
        scopes: null,
        createdBy: developer.id,
      });
      // A key left with no scopes at all goes too.
      const empty = await issueApiKey(db, orgId, new Date(now.getTime() + 2), {
        scopes: [],
        createdBy: developer.id,
      });
      const cut = await cutMemberKeys(
        db,
        { orgId, userId: developer.id, role: null },
        { type: 'user', id: owner.id },
        now,
      );
      expect(cut.map(({ keyId, lost, kept }) => ({ keyId, lost, kept }))).toEqual([
        { keyId: first.keyId, lost: ['calls:read'], kept: null },
        {
          keyId: second.keyId,
          lost: [
            'calls:read',
            'calls:write',
            'speech',
            'voices:read',
            'voices:write',
            'mcp:read',
            'mcp:write',
            'audit:read',
            'billing:read',
            'billing:write',
            'agents:read',
            'agents:write',
            'numbers:read',
            'numbers:write',
          ],
          kept: null,
        },
        { keyId: empty.keyId, lost: [], kept: null },
      ]);
      expect(await keyRow(db, empty.keyId)).toEqual({ scopes: [], revokedAt: now });
      expect(await keyRow(db, first.keyId)).toEqual({ scopes: ['calls:read'], revokedAt: now });
      expect(await keyRow(db, second.keyId)).toEqual({ scopes: null, revokedAt: now });
      expect(await audit(db, orgId, 'key.revoke')).toMatchObject([
        {
          targetId: first.keyId,
          after: { reason: 'member_removed', member: developer.id, role: null },
        },
        { targetId: second.keyId, before: { scopes: null } },
        { targetId: empty.keyId, before: { scopes: [] } },
      ]);
    });

    it('tells every owner which keys were cut, and says nothing when none were', async () => {
      const { orgId, owner, others } = await orgWith(db, ['owner', 'developer']);
      const [secondOwner, developer] = [others[0]!, others[1]!];
      const { sent, mailer } = outbox();
      const cuts = [
        {
          keyId: 'key_a',
          name: 'ci',
          prefix: 'vai_sk_abcd',
          lost: ['calls:write', 'speech'],
          kept: ['calls:read', 'voices:read'],
        },
        { keyId: 'key_b', name: null, prefix: 'vai_sk_efgh', lost: ['speech'], kept: null },
      ];
      const deps = { db, mailer, origin };
      await mailKeyCuts(deps, { orgId, userId: developer.id, role: 'viewer' }, []);
      expect(sent).toEqual([]);
      await mailKeyCuts(deps, { orgId, userId: developer.id, role: 'viewer' }, cuts);
      const text = [
        `${developer.email} is now viewer (organization ${orgId}).`,
        'A key can do only what the role of the member who made it allows, so their keys changed:',
        '',
        '- ci (key_a, vai_sk_abcd…): lost calls:write, speech; keeps calls:read, voices:read',
        '- unnamed key (key_b, vai_sk_efgh…): revoked',
        '',
        `Review the organization's keys: ${origin}/console`,
      ].join('\n');
      expect(sent.map((m) => m.to).sort()).toEqual([owner.email, secondOwner.email].sort());
      expect(sent[0]).toEqual({
        to: sent[0]?.to,
        subject: `API keys cut: ${developer.email} is now viewer`,
        text,
        links: [`${origin}/console`],
      });
      sent.length = 0;
      await mailKeyCuts(deps, { orgId, userId: 'u_gone', role: null }, cuts.slice(1));
      expect(sent[0]?.subject).toBe('API keys cut: u_gone left the organization');
      expect(sent[0]?.text.split('\n')[0]).toBe(
        `u_gone left the organization (organization ${orgId}).`,
      );
    });
  });
});
