import { eq } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../../accounts';
import { schema, type Executor } from '../../adapters/db';
import { carrierLineOf } from '../../adapters/telephony';
import { findNumberOrThrow, type NumberRow } from './find-number';
import type { NumberDeps } from './types';

/**
 * Gives a number up, its row locked by the caller: a bought number goes back to the carrier
 * (under the lock, two releases never both reach it), the row is kept as released, audited with
 * `why` beside what the number was.
 */
export async function releaseHeldNumber(
  deps: Pick<NumberDeps, 'provider'>,
  tx: Executor,
  row: NumberRow,
  actor: AuditActor,
  why: Record<string, unknown>,
  now: Date,
): Promise<void> {
  const carrier = carrierLineOf(deps.provider);
  if (carrier && row.source === 'purchased' && row.carrierSid) {
    await carrier.releaseNumber(row.carrierSid);
  }
  await tx
    .update(schema.phoneNumbers)
    .set({ releasedAt: now, updatedAt: now })
    .where(eq(schema.phoneNumbers.id, row.id));
  await recordAudit(
    tx,
    {
      orgId: row.orgId,
      actor,
      action: 'number.release',
      target: { type: 'phone_number', id: row.id },
      before: {
        number: row.number,
        source: row.source,
        inbound_agent_id: row.inboundAgentId,
        ...why,
      },
    },
    now,
  );
}

/**
 * DELETE /v1/numbers/{number}: a bought number goes back to the carrier (an imported one stays in
 * the account, unassigned), the row is kept as released, no rent is charged again. Audited. Calls
 * to it afterwards hear that the number is not in service.
 */
export async function releaseNumber(
  deps: Pick<NumberDeps, 'db' | 'provider'>,
  input: { orgId: string; number: string; actor: AuditActor },
  now: Date,
): Promise<{ status: 'success'; number: string }> {
  await deps.db.transaction(async (tx) => {
    const row = await findNumberOrThrow(tx, input.orgId, input.number, { forUpdate: true });
    await releaseHeldNumber(deps, tx, row, input.actor, {}, now);
  });
  return { status: 'success', number: input.number };
}
