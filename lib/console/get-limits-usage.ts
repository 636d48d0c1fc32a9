import { and, eq } from 'drizzle-orm';
import { schema, type Db } from '../adapters/db';
import { countSpeechSlots } from '../speech';
import type { Store } from '../adapters/store/types';
import type { Clock } from '../platform/runtime/clock';
import { effectiveLimits, isUnlocked, type OrgLimits, UNLOCK_DEPOSITS_MICROS } from '../wallet';
import { getOrgOrThrow } from '../accounts';

export interface LimitsUsage {
  limits: OrgLimits;
  /** What is in use now, limit by limit (the counts the limits are checked against). */
  inUse: OrgLimits;
  unlocked: boolean;
  depositsMicros: number;
  unlockMicros: number;
}

/** An organization's limits with what uses them right now and its progress toward the unlock. */
export async function getLimitsUsage(
  deps: { db: Db; store: Store; clock: Clock },
  orgId: string,
): Promise<LimitsUsage> {
  const { db } = deps;
  const org = await getOrgOrThrow(db, orgId);
  const v = schema.voiceClones;
  const [concurrency, instant, live, calls] = await Promise.all([
    countSpeechSlots(deps, orgId),
    // The same counts create-clone and promote-clone check (V3 instant clones; live professional).
    db.$count(v, and(eq(v.orgId, orgId), eq(v.kind, 'instant'), eq(v.generation, 'V3'))),
    db.$count(v, and(eq(v.orgId, orgId), eq(v.kind, 'professional'), eq(v.state, 'live'))),
    db.$count(
      schema.calls,
      and(eq(schema.calls.orgId, orgId), eq(schema.calls.queueStatus, 'started')),
    ),
  ]);
  return {
    limits: effectiveLimits(org),
    inUse: { concurrency, instant_clones: instant, live_clones: live, concurrent_calls: calls },
    unlocked: isUnlocked(org),
    depositsMicros: org.depositsMicros,
    unlockMicros: UNLOCK_DEPOSITS_MICROS,
  };
}
