import { and, eq, gt } from 'drizzle-orm';
import { requireMember } from '../access/require-member';
import type { ApiKeyScope } from '../access/permissions';
import { recordAudit } from '../audit/record-audit';
import { ApiError } from '../http/api-error';
import { schema, type Db } from '../db';
import type { SessionUser } from '../auth/current-session';
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
 * A signed-in owner or admin approves (for one of their orgs, with chosen scopes) or denies a
 * pending code. The key itself is made when the agent next polls; this person never sees it.
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
    if (decision.approve) await requireMember(tx, user.id, decision.orgId, 'agents.approve');
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
