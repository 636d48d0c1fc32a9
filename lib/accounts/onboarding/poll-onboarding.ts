import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { ApiError } from '../../platform/errors/api-error';
import { schema, type Db } from '../../adapters/db';
import { scopesBeyondRole } from '../access/permissions';
import { createOrgKey } from '../orgs/create-org-key';
import { makerRole } from '../orgs/key-maker';
import { hashDeviceCode } from './codes';

export type PollAnswer =
  | { status: 'pending' | 'denied' | 'expired' | 'consumed' }
  | { status: 'approved'; api_key: string; org_id: string; scopes: string[] };

/**
 * One poll (RFC 8628 §3.4–3.5): faster than the interval → 429 SLOW_DOWN and the interval grows
 * by 5 s; once approved, the first poll creates the key and returns it, later ones say consumed.
 */
export async function pollOnboarding(db: Db, deviceCode: string, now: Date): Promise<PollAnswer> {
  const t = schema.agentOnboardings;
  const byCode = eq(t.deviceCodeHash, hashDeviceCode(deviceCode));
  // Claims this poll only when the interval has passed since the last one (atomic across instances).
  const [polled] = await db
    .update(t)
    .set({ lastPolledAt: now })
    .where(
      and(
        byCode,
        or(
          isNull(t.lastPolledAt),
          lte(
            t.lastPolledAt,
            sql`${now.toISOString()}::timestamptz - make_interval(secs => ${t.intervalSeconds})`,
          ),
        ),
      ),
    )
    .returning();
  if (!polled) {
    const [slowed] = await db
      .update(t)
      .set({ intervalSeconds: sql`${t.intervalSeconds} + 5`, lastPolledAt: now })
      .where(byCode)
      .returning({ interval: t.intervalSeconds });
    if (!slowed) throw new ApiError('INVALID_DEVICE_CODE', { field: 'device_code' });
    throw new ApiError('SLOW_DOWN', {
      message: `Polling faster than the interval; poll every ${slowed.interval} s from now on.`,
      headers: { 'Retry-After': String(slowed.interval) },
    });
  }
  if (polled.status === 'denied' || polled.status === 'consumed') return { status: polled.status };
  if (now.getTime() >= polled.expiresAt.getTime()) return { status: 'expired' };
  if (polled.status === 'pending') return { status: 'pending' };
  return issueAgentKey(db, polled.id, now);
}

/**
 * The approved → consumed step and the key, in one transaction: the key is handed out once. The
 * member who approved is its maker: scopes their role lost since are left out, and an approver
 * who left (or nothing left to give) makes it a denial.
 */
async function issueAgentKey(db: Db, id: string, now: Date): Promise<PollAnswer> {
  const t = schema.agentOnboardings;
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(t)
      .set({ status: 'consumed' })
      .where(and(eq(t.id, id), eq(t.status, 'approved')))
      .returning();
    if (!claimed || !claimed.orgId || !claimed.scopes) return { status: 'consumed' as const };
    const role = claimed.decidedBy && (await makerRole(tx, claimed.orgId, claimed.decidedBy));
    const beyond = role ? scopesBeyondRole(claimed.scopes, role) : claimed.scopes;
    const scopes = claimed.scopes.filter((scope) => !beyond.includes(scope));
    if (!claimed.decidedBy || scopes.length === 0) {
      await tx.update(t).set({ status: 'denied' }).where(eq(t.id, id));
      return { status: 'denied' as const };
    }
    const key = await createOrgKey(
      tx,
      claimed.orgId,
      {
        name: claimed.clientName ? `Agent: ${claimed.clientName}` : 'Agent',
        scopes,
        agentClientName: claimed.clientName ?? 'unnamed agent',
        createdBy: claimed.decidedBy,
        spendCapMicros: claimed.spendCapMicros,
      },
      { type: 'agent', id: claimed.id },
      now,
    );
    await tx.update(t).set({ keyId: key.keyId }).where(eq(t.id, id));
    return {
      status: 'approved' as const,
      api_key: key.apiKey,
      org_id: claimed.orgId,
      scopes,
    };
  });
}
