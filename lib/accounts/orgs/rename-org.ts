import { eq } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../audit/record-audit';
import { schema, type Db } from '../../adapters/db';
import { ApiError } from '../../platform/errors/api-error';

/** Renames the organization; the audit row keeps the name before and after. */
export async function renameOrg(
  db: Db,
  orgId: string,
  name: string,
  actor: AuditActor,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const o = schema.organizations;
    // Locked so two renames at once each record the name they really replaced.
    const [current] = await tx
      .select({ name: o.name })
      .from(o)
      .where(eq(o.id, orgId))
      .for('update');
    if (!current) throw new ApiError('NOT_FOUND');
    if (current.name === name) return;
    await tx.update(o).set({ name }).where(eq(o.id, orgId));
    await recordAudit(
      tx,
      {
        orgId,
        actor,
        action: 'org.update',
        target: { type: 'organization', id: orgId },
        before: { name: current.name },
        after: { name },
      },
      now,
    );
  });
}
