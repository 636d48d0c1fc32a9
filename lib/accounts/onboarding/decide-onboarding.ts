import { and, eq, gt, inArray } from 'drizzle-orm';
import { requireMember } from '../access/require-member';
import { rolesAllowing, type ApiKeyScope } from '../access/permissions';
import { recordAudit } from '../audit/record-audit';
import { ApiError } from '../../platform/errors/api-error';
import { schema, type Db, type Executor } from '../../adapters/db';
import type { SessionUser } from '../auth/current-session';
import { requireScopesWithinRole } from '../orgs/key-maker';
import { capCents } from '../orgs/set-key-spend-cap';
import { normalizeUserCode } from './codes';

export type Decision =
  | {
      approve: true;
      orgId: string;
      scopes: ApiKeyScope[];
      /** The agent key's monthly spend cap in micro-dollars; NULL: none. */
      spendCapMicros: number | null;
    }
  | { approve: false };

/**
 * A signed-in member allowed agents.approve approves (for that org, with scopes their role may
 * give: they are the key's maker) or denies a pending code; a person who may approve nowhere may
 * not deny either (403). The key itself is made when the agent next polls; this person never sees it.
 */
export async function decideOnboarding(
  db: Db,
  userCode: string,
  user: SessionUser,
  decision: Decision,
  ip: string,
  now: Date,
): Promise<void> {
  const t = schema.agentOnboardings;
  await db.transaction(async (tx) => {
    if (decision.approve) {
      const role = await requireMember(tx, user.id, decision.orgId, 'agents.approve');
      requireScopesWithinRole(decision.scopes, role);
    } else await requireApproverSomewhere(tx, user.id);
    const [decided] = await tx
      .update(t)
      .set(
        decision.approve
          ? {
              status: 'approved',
              orgId: decision.orgId,
              scopes: decision.scopes,
              spendCapMicros: decision.spendCapMicros,
              decidedBy: user.id,
            }
          : { status: 'denied', decidedBy: user.id },
      )
      .where(
        and(
          eq(t.userCode, normalizeUserCode(userCode)),
          eq(t.status, 'pending'),
          gt(t.expiresAt, now),
        ),
      )
      .returning({ id: t.id, clientName: t.clientName });
    if (!decided) throw new ApiError('ONBOARDING_NOT_PENDING');
    await recordAudit(
      tx,
      {
        orgId: decision.approve ? decision.orgId : null,
        actor: { type: 'user', id: user.id, ip },
        action: decision.approve ? 'agent.approve' : 'agent.deny',
        target: { type: 'agent_onboarding', id: decided.id },
        after: decision.approve
          ? {
              client_name: decided.clientName,
              scopes: decision.scopes,
              monthly_spend_cap_cents: capCents(decision.spendCapMicros),
            }
          : { client_name: decided.clientName },
      },
      now,
    );
  });
}

/** 403 FORBIDDEN unless the user may approve agents in at least one organization. */
async function requireApproverSomewhere(tx: Executor, userId: string): Promise<void> {
  const [approver] = await tx
    .select({ orgId: schema.orgMembers.orgId })
    .from(schema.orgMembers)
    .where(
      and(
        eq(schema.orgMembers.userId, userId),
        inArray(schema.orgMembers.role, rolesAllowing('agents.approve')),
      ),
    )
    .limit(1);
  if (!approver)
    throw new ApiError('FORBIDDEN', {
      message: 'Only a member who may approve agents in an organization can decide on a code.',
    });
}
