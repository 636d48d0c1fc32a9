import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { roleAllows, type MemberRole } from '../access/permissions';
import { recordAudit, type AuditActor } from '../audit/record-audit';
import { ApiError } from '../../platform/errors/api-error';
import { schema, type Db } from '../../adapters/db';
import type { Mailer } from '../../adapters/mail';

export const INVITATION_TTL_MS = 7 * 24 * 3_600_000;

export const hashInvitationToken = (token: string) =>
  createHash('sha256').update(token).digest('hex');

/**
 * An invitation by email: a single-use link bound to the address, valid 7 days. `actorRole` is
 * the inviter's role (NULL for the admin API, which may invite a first owner). An address that is
 * already a member's is refused (409 ALREADY_MEMBER) before anything is written or mailed.
 */
export async function inviteMember(
  deps: { db: Db; mailer: Mailer; origin: string },
  input: { orgId: string; email: string; role: MemberRole; actorRole: MemberRole | null },
  actor: AuditActor,
  now: Date,
): Promise<{ invitationId: string; expiresAt: Date }> {
  if (input.role === 'owner' && input.actorRole && !roleAllows(input.actorRole, 'ownership.manage'))
    throw new ApiError('FORBIDDEN', { message: 'Only an owner can invite an owner.' });
  const email = input.email.trim().toLowerCase();
  const token = randomBytes(32).toString('base64url');
  const invitationId = `inv_${randomBytes(9).toString('base64url')}`;
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  const [org] = await deps.db.transaction(async (tx) => {
    // Role changes go through the members page: an invitation never reaches a member (accepting
    // one would not change their role either; see acceptInvitation).
    const [member] = await tx
      .select({ userId: schema.orgMembers.userId })
      .from(schema.orgMembers)
      .innerJoin(schema.authUsers, eq(schema.authUsers.id, schema.orgMembers.userId))
      .where(
        and(
          eq(schema.orgMembers.orgId, input.orgId),
          sql`lower(${schema.authUsers.email}) = ${email}`,
        ),
      );
    if (member) throw new ApiError('ALREADY_MEMBER');
    await tx.insert(schema.orgInvitations).values({
      id: invitationId,
      orgId: input.orgId,
      email,
      role: input.role,
      tokenHash: hashInvitationToken(token),
      invitedBy: actor.id ?? actor.type,
      createdAt: now,
      expiresAt,
    });
    await recordAudit(
      tx,
      {
        orgId: input.orgId,
        actor,
        action: 'invitation.create',
        target: { type: 'invitation', id: invitationId },
        after: { email, role: input.role, expires_at: expiresAt.toISOString() },
      },
      now,
    );
    return tx
      .select({ name: schema.organizations.name })
      .from(schema.organizations)
      .where(eqOrg(input.orgId));
  });
  const link = `${deps.origin}/invitations/accept?token=${token}`;
  await deps.mailer.send({
    to: email,
    subject: `You are invited to ${org?.name ?? 'an organization'} on Voice AI`,
    text: `You are invited to join ${org?.name ?? 'an organization'} as ${input.role}.\n\nAccept (sign in as ${email} first): ${link}\n\nThe invitation works once and expires in 7 days.`,
    links: [link],
  });
  return { invitationId, expiresAt };
}

const eqOrg = (orgId: string) => eq(schema.organizations.id, orgId);
