// Attack: an organization left with no owner (issue 30, defect 4). An admin invited the only
// owner's address as a viewer and the owner's acceptance overwrote their role. "At least one owner"
// is now the database's rule, so every path that changes or removes a membership obeys it.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { schema, type Db, type Executor } from '@/lib/adapters/db';
import { isLastOwnerViolation } from '@/lib/platform/errors/pg-errors';
import { asApiError } from '@/lib/platform/errors/dependency-errors';
import { ApiError } from '@/lib/platform/errors/api-error';
import type { MailMessage } from '@/lib/adapters/mail/types';
import { acceptInvitation } from '@/lib/accounts/members/accept-invitation';
import { changeMember } from '@/lib/accounts/members/change-member';
import { hashInvitationToken, inviteMember } from '@/lib/accounts/members/invite-member';
import { createOwnedOrg } from '@/lib/accounts/orgs/create-owned-org';
import type { MemberRole } from '@/lib/accounts/access/permissions';
import { databaseAdapters, openForSuite } from '../../support/databases';

const now = new Date('2026-11-01T12:00:00Z');

async function newUser(db: Executor, label: string) {
  const id = `u_${label}_${randomUUID()}`;
  const email = `${label}-${randomUUID()}@example.com`;
  await db
    .insert(schema.authUsers)
    .values({ id, name: label, email, createdAt: now, updatedAt: now });
  return { id, email, name: label, emailVerified: true };
}

/** An org made by sign-up (its owner) plus members in the given roles. */
async function orgWith(db: Db, roles: MemberRole[]) {
  const owner = await newUser(db, 'owner');
  const orgId = await createOwnedOrg(db, owner, 'Acme', null, 'sign-up', now);
  const others = [];
  for (const role of roles) {
    const user = await newUser(db, role);
    await db.insert(schema.orgMembers).values({ orgId, userId: user.id, role, createdAt: now });
    others.push(user);
  }
  return { orgId, owner, others };
}

const owners = async (db: Db, orgId: string) =>
  (
    await db
      .select({ userId: schema.orgMembers.userId })
      .from(schema.orgMembers)
      .where(and(eq(schema.orgMembers.orgId, orgId), eq(schema.orgMembers.role, 'owner')))
  ).map((row) => row.userId);

/** The code the HTTP layer answers for what was thrown (the one mapping of the trigger's error). */
const codeOf = async (work: Promise<unknown>) => {
  const thrown = await work.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(thrown, 'expected a refusal').toBeDefined();
  return asApiError(thrown, () => new ApiError('INTERNAL_ERROR')).code;
};

const actor = (id: string) => ({ type: 'user' as const, id });

describe.each(databaseAdapters)('an organization keeps an owner on $name', (adapter) => {
  let db: Db;
  openForSuite(adapter, (opened) => (db = opened));

  it('refuses, in the database, a direct UPDATE that demotes the only owner', async () => {
    const { orgId, owner } = await orgWith(db, ['admin']);
    const thrown = await db
      .execute(
        sql`UPDATE org_members SET role = 'viewer' WHERE org_id = ${orgId} AND user_id = ${owner.id}`,
      )
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(isLastOwnerViolation(thrown), String(thrown)).toBe(true);
    expect(asApiError(thrown, () => new ApiError('INTERNAL_ERROR')).code).toBe('LAST_OWNER');
    expect(await owners(db, orgId)).toEqual([owner.id]);
  });

  it('refuses, in the database, a direct DELETE of the only owner (and of every member at once)', async () => {
    const { orgId, owner } = await orgWith(db, ['admin', 'viewer']);
    await expect(
      db.execute(sql`DELETE FROM org_members WHERE org_id = ${orgId} AND user_id = ${owner.id}`),
    ).rejects.toSatisfy(isLastOwnerViolation);
    await expect(
      db.execute(sql`DELETE FROM org_members WHERE org_id = ${orgId}`),
    ).rejects.toSatisfy(isLastOwnerViolation);
    await expect(
      db.execute(sql`UPDATE org_members SET role = 'admin' WHERE org_id = ${orgId}`),
    ).rejects.toSatisfy(isLastOwnerViolation);
    expect(await owners(db, orgId)).toEqual([owner.id]);
  });

  it("refuses to delete the only owner's user account (its memberships cascade)", async () => {
    const { orgId, owner } = await orgWith(db, ['admin']);
    await expect(
      db.delete(schema.authUsers).where(eq(schema.authUsers.id, owner.id)),
    ).rejects.toSatisfy(isLastOwnerViolation);
    expect(await owners(db, orgId)).toEqual([owner.id]);
  });

  it('refuses to let the only owner be demoted, removed or leave', async () => {
    const { orgId, owner } = await orgWith(db, ['admin']);
    const change = (role: MemberRole | null) =>
      changeMember(db, { orgId, userId: owner.id, role, actorRole: 'owner' }, actor(owner.id), now);
    expect(await codeOf(change('viewer'))).toBe('LAST_OWNER'); // demote
    expect(await codeOf(change(null))).toBe('LAST_OWNER'); // remove, or leave (same call)
    expect(await owners(db, orgId)).toEqual([owner.id]);
  });

  it('lets an owner step down or leave while another owner remains', async () => {
    const { orgId, owner, others } = await orgWith(db, ['owner', 'owner']);
    const [second, third] = [others[0]!, others[1]!];
    await changeMember(
      db,
      { orgId, userId: owner.id, role: 'admin', actorRole: 'owner' },
      actor(owner.id),
      now,
    );
    await changeMember(
      db,
      { orgId, userId: second.id, role: null, actorRole: 'owner' },
      actor(second.id),
      now,
    );
    expect(await owners(db, orgId)).toEqual([third.id]);
    expect(
      await codeOf(
        changeMember(
          db,
          { orgId, userId: third.id, role: null, actorRole: 'owner' },
          actor(third.id),
          now,
        ),
      ),
    ).toBe('LAST_OWNER');
  });

  it('an invitation accepted by someone already a member never changes their role', async () => {
    const { orgId, owner, others } = await orgWith(db, ['admin']);
    const admin = others[0]!;
    // An invitation to the owner's address made before they joined (inviting a member is refused
    // now), still open: written as inviteMember writes it.
    const sent: MailMessage[] = [];
    const mailer = {
      kind: 'outbox' as const,
      description: 'test',
      send: async (m: MailMessage) => void sent.push(m),
    };
    const token = randomUUID().replaceAll('-', '');
    await db.insert(schema.orgInvitations).values({
      id: `inv_${randomUUID()}`,
      orgId,
      email: owner.email,
      role: 'viewer',
      tokenHash: hashInvitationToken(token),
      invitedBy: admin.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 86_400_000),
    });
    expect(await codeOf(acceptInvitation(db, token, owner, now))).toBe('ALREADY_MEMBER');
    expect(await owners(db, orgId)).toEqual([owner.id]);
    // The invitation is closed: a second try finds nothing to accept.
    expect(await codeOf(acceptInvitation(db, token, owner, now))).toBe('INVITATION_INVALID');
    // And a new invitation to a member's address is refused before any mail goes out.
    expect(
      await codeOf(
        inviteMember(
          { db, mailer, origin: 'http://localhost' },
          { orgId, email: owner.email.toUpperCase(), role: 'viewer', actorRole: 'admin' },
          actor(admin.id),
          now,
        ),
      ),
    ).toBe('ALREADY_MEMBER');
    expect(sent).toEqual([]);
  });

  it('two owners demoting each other at once: at most one succeeds, an owner remains', async () => {
    const { orgId, owner, others } = await orgWith(db, ['owner']);
    const second = others[0]!;
    const results = await Promise.allSettled([
      changeMember(
        db,
        { orgId, userId: second.id, role: 'viewer', actorRole: 'owner' },
        actor(owner.id),
        now,
      ),
      changeMember(
        db,
        { orgId, userId: owner.id, role: 'viewer', actorRole: 'owner' },
        actor(second.id),
        now,
      ),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled').length).toBeLessThanOrEqual(1);
    for (const r of results)
      if (r.status === 'rejected')
        expect(asApiError(r.reason, () => new ApiError('INTERNAL_ERROR')).code).toBe('LAST_OWNER');
    expect(await owners(db, orgId)).toHaveLength(1);
  });

  it('deleting the whole organization still works, its owner included', async () => {
    const { orgId } = await orgWith(db, ['admin']);
    await db.transaction(async (tx) => {
      await tx.delete(schema.orgMembers).where(eq(schema.orgMembers.orgId, orgId));
      await tx.delete(schema.orgInvitations).where(eq(schema.orgInvitations.orgId, orgId));
      await tx.delete(schema.walletLedger).where(eq(schema.walletLedger.orgId, orgId));
      await tx.delete(schema.organizations).where(eq(schema.organizations.id, orgId));
    });
    expect(
      await db.select().from(schema.organizations).where(eq(schema.organizations.id, orgId)),
    ).toEqual([]);
    expect(
      await db.select().from(schema.orgMembers).where(eq(schema.orgMembers.orgId, orgId)),
    ).toEqual([]);
  });
});

// Two transactions that truly interleave (a server with many connections; PGlite runs one
// transaction at a time, which the test above covers): each demotes the other owner, and both
// have written before either commits. Only the database can see that the second commit leaves no
// owner; no check in a handler is involved here.
describe('cross-demotion interleaved on postgres', () => {
  const postgres = databaseAdapters.find((a) => a.name === 'postgres')!;
  let db: Db;
  openForSuite(postgres, (opened) => (db = opened));

  it('lets one commit and refuses the other', async () => {
    const { orgId, owner, others } = await orgWith(db, ['owner']);
    const second = others[0]!;
    let arrived = 0;
    let release!: () => void;
    const bothWrote = new Promise<void>((resolve) => (release = resolve));
    const demote = (userId: string) =>
      db.transaction(async (tx) => {
        await tx
          .update(schema.orgMembers)
          .set({ role: 'viewer' })
          .where(and(eq(schema.orgMembers.orgId, orgId), eq(schema.orgMembers.userId, userId)));
        if (++arrived === 2) release();
        await bothWrote;
      });
    const results = await Promise.allSettled([demote(owner.id), demote(second.id)]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = results.find((r) => r.status === 'rejected')!;
    expect(isLastOwnerViolation(refused.reason), String(refused.reason)).toBe(true);
    expect(await owners(db, orgId)).toHaveLength(1);
  });
});
