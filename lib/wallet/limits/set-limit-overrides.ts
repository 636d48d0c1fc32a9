import { eq } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../../accounts';
import { ApiError } from '../../platform/errors/api-error';
import { schema, type Db } from '../../adapters/db';
import type { OrgLimits } from './effective-limits';

/** Admin raises (or lowers) per-org limits; `null` returns a limit to its tier. */
export async function setLimitOverrides(
  db: Db,
  orgId: string,
  overrides: Partial<Record<keyof OrgLimits, number | null>>,
  actor: AuditActor = { type: 'admin', id: null },
  now: Date = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(schema.organizations)
      .set({
        ...(overrides.concurrency !== undefined ? { limitConcurrency: overrides.concurrency } : {}),
        ...(overrides.instant_clones !== undefined
          ? { limitInstantClones: overrides.instant_clones }
          : {}),
        ...(overrides.live_clones !== undefined ? { limitLiveClones: overrides.live_clones } : {}),
        ...(overrides.concurrent_calls !== undefined
          ? { limitConcurrentCalls: overrides.concurrent_calls }
          : {}),
      })
      .where(eq(schema.organizations.id, orgId))
      .returning({ id: schema.organizations.id });
    if (updated.length === 0)
      throw new ApiError('NOT_FOUND', { message: 'No organization has this id.' });
    await recordAudit(tx, { orgId, actor, action: 'org.limits', after: overrides }, now);
  });
}
