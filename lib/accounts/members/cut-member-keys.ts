import { and, eq, isNull } from 'drizzle-orm';
import { apiKeyScopes, scopesBeyondRole, type MemberRole } from '../access/permissions';
import { recordAudit, type AuditActor } from '../audit/record-audit';
import { schema, type Executor } from '../../adapters/db';

/** A key a membership change cut: what it kept (NULL: revoked) and what it lost. */
export interface CutKey {
  keyId: string;
  name: string | null;
  prefix: string;
  lost: string[];
  /** NULL: the key was revoked. */
  kept: string[] | null;
}

/**
 * Keys never outrank their maker: when `userId` becomes `role` in the org, their live keys lose
 * the scopes the role may not give (a key left with none is revoked); when they leave or are
 * removed (`role` NULL), every live key they made is revoked. In the caller's transaction, each
 * change audited; returns the keys changed, for the owners' mail after commit.
 */
export async function cutMemberKeys(
  tx: Executor,
  input: { orgId: string; userId: string; role: MemberRole | null },
  actor: AuditActor,
  now: Date,
): Promise<CutKey[]> {
  const k = schema.apiKeys;
  const keys = await tx
    .select({ keyId: k.id, name: k.name, prefix: k.prefix, scopes: k.scopes })
    .from(k)
    .where(and(eq(k.orgId, input.orgId), eq(k.createdBy, input.userId), isNull(k.revokedAt)))
    .orderBy(k.createdAt, k.id)
    .for('update');
  const cut: CutKey[] = [];
  for (const key of keys) {
    // NULL scopes (full access) read as every scope, so a demotion leaves the role's own.
    const held: readonly string[] = key.scopes ?? apiKeyScopes;
    const lost = input.role === null ? [...held] : scopesBeyondRole(held, input.role);
    if (input.role !== null && lost.length === 0) continue;
    const kept = input.role === null ? [] : held.filter((scope) => !lost.includes(scope));
    const reason = input.role === null ? 'member_removed' : 'member_role';
    const target = { type: 'api_key', id: key.keyId };
    if (kept.length === 0) {
      await tx.update(k).set({ revokedAt: now }).where(eq(k.id, key.keyId));
      await recordAudit(
        tx,
        {
          orgId: input.orgId,
          actor,
          action: 'key.revoke',
          target,
          before: { scopes: key.scopes },
          after: { reason, member: input.userId, role: input.role },
        },
        now,
      );
    } else {
      await tx.update(k).set({ scopes: kept }).where(eq(k.id, key.keyId));
      await recordAudit(
        tx,
        {
          orgId: input.orgId,
          actor,
          action: 'key.scopes_cut',
          target,
          before: { scopes: key.scopes },
          after: { scopes: kept, reason, member: input.userId, role: input.role },
        },
        now,
      );
    }
    cut.push({ ...key, lost, kept: kept.length === 0 ? null : kept });
  }
  return cut;
}
