import { eq, sql } from 'drizzle-orm';
import { schema, type Executor } from '@/lib/adapters/db';
import { ApiError } from '@/lib/platform/errors/api-error';
import { classifyNumber } from './classify-number';
import { countRefusal } from './refusal-counts';
import { isTestNumber, TEST_NUMBER_PATTERN } from './test-number';

/**
 * The cap on real calls of a new organization (its first days, before it has paid much): a
 * stolen card or a fresh account can do little harm before a person looks. Deposits reaching
 * `depositsMicros`, or an operator's answer to a raise of concurrent calls, lift it.
 */
export const NEW_ORG_VELOCITY = {
  days: 7,
  depositsMicros: 50_000_000,
  atOnce: 3,
  perDay: 50,
} as const;

const DAY_MS = 86_400_000;

/** What the cap reads of the organization (its row, locked at the dial). */
export interface VelocityOrg {
  id: string;
  createdAt: Date;
  depositsMicros: number;
  /** An operator's override of concurrent calls (the raise flow): the org is known, no cap. */
  limitConcurrentCalls: number | null;
}

export interface VelocityAttempt {
  to: string;
  now: number;
  /** Whether a carrier places the call (the sandbox line places no real calls). */
  carrier: boolean;
  /**
   * `dispatch`: an early answer for a single call, counting queued calls as today's too;
   * `dial`: the enforcing check, made under the organization row's lock at every dial.
   */
  stage: 'dispatch' | 'dial';
}

/** Whether the new-organization cap applies to this call at all. */
export function velocityApplies(org: VelocityOrg, attempt: VelocityAttempt): boolean {
  return (
    attempt.carrier &&
    !isTestNumber(attempt.to) &&
    org.limitConcurrentCalls === null &&
    org.depositsMicros < NEW_ORG_VELOCITY.depositsMicros &&
    attempt.now < org.createdAt.getTime() + NEW_ORG_VELOCITY.days * DAY_MS
  );
}

interface Usage {
  at_once: number;
  today: number;
  oldest_today_ms: number | null;
  first_number: string | null;
}

async function readUsage(db: Executor, orgId: string, attempt: VelocityAttempt): Promise<Usage> {
  const dayAgo = new Date(attempt.now - DAY_MS).toISOString();
  const queued = attempt.stage === 'dispatch';
  const counted = queued
    ? sql`(c.started_at >= ${dayAgo}::timestamptz OR c.queue_status = 'queued')`
    : sql`c.started_at >= ${dayAgo}::timestamptz`;
  const placed = queued
    ? sql`(c.started_at IS NOT NULL OR c.queue_status = 'queued')`
    : sql`c.started_at IS NOT NULL`;
  const result = await db.execute(sql`
    SELECT
      count(*) FILTER (WHERE c.queue_status = 'started')::int AS at_once,
      count(*) FILTER (WHERE ${counted})::int AS today,
      (extract(epoch FROM min(c.started_at) FILTER (WHERE c.started_at >= ${dayAgo}::timestamptz)) * 1000)::float8
        AS oldest_today_ms,
      (SELECT c.to_number FROM calls c
        WHERE c.org_id = ${orgId} AND c.to_number !~ ${TEST_NUMBER_PATTERN} AND ${placed}
        ORDER BY coalesce(c.started_at, c.created_at) LIMIT 1) AS first_number
    FROM calls c
    WHERE c.org_id = ${orgId} AND c.to_number !~ ${TEST_NUMBER_PATTERN}
      AND (c.queue_status IN ('queued', 'started') OR c.started_at >= ${dayAgo}::timestamptz)`);
  const row = (result as unknown as { rows: Usage[] }).rows[0]!;
  return {
    at_once: Number(row.at_once),
    today: Number(row.today),
    oldest_today_ms: row.oldest_today_ms === null ? null : Number(row.oldest_today_ms),
    first_number: row.first_number,
  };
}

const refusal = (message: string, retryAfterMs: number) =>
  new ApiError('VELOCITY_LIMIT', {
    message: `${message} New organizations (their first ${NEW_ORG_VELOCITY.days} days, until $${NEW_ORG_VELOCITY.depositsMicros / 1_000_000} of deposits) may place ${NEW_ORG_VELOCITY.atOnce} real calls at once, ${NEW_ORG_VELOCITY.perDay} a day, to one country.`,
    field: 'phone_number',
    headers: { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) },
  });

/**
 * The new-organization cap on real calls. Throws 429 VELOCITY_LIMIT when a day's calls or the
 * one country are used up; answers `wait` when three real calls are in progress (the call waits
 * for one to end, as under the org's concurrency cap), else `ok`. Counts live in Postgres and
 * the dial reads them under the org row's lock, so the cap holds across instances.
 */
export async function checkVelocity(
  db: Executor,
  org: VelocityOrg,
  attempt: VelocityAttempt,
): Promise<'ok' | 'wait'> {
  if (!velocityApplies(org, attempt)) return 'ok';
  const usage = await readUsage(db, org.id, attempt);
  const country = classifyNumber(attempt.to).country;
  const first = usage.first_number ? classifyNumber(usage.first_number).country : null;
  if (first !== null && country !== first) {
    throw refusal(
      `This organization has called ${first}; a new organization calls one country.`,
      org.createdAt.getTime() + NEW_ORG_VELOCITY.days * DAY_MS - attempt.now,
    );
  }
  if (usage.today >= NEW_ORG_VELOCITY.perDay) {
    const frees = usage.oldest_today_ms === null ? DAY_MS : usage.oldest_today_ms + DAY_MS;
    throw refusal(
      `This organization has placed ${usage.today} real calls in the last 24 hours.`,
      frees - attempt.now,
    );
  }
  return usage.at_once >= NEW_ORG_VELOCITY.atOnce ? 'wait' : 'ok';
}

/**
 * A single call's early answer at dispatch (429 VELOCITY_LIMIT before anything is queued); the
 * dial still decides under the lock. Reads nothing for calls the cap cannot concern.
 */
export async function checkVelocityAtDispatch(
  db: Executor,
  orgId: string,
  attempt: Omit<VelocityAttempt, 'stage'>,
): Promise<void> {
  if (!attempt.carrier || isTestNumber(attempt.to)) return;
  const [org] = await db
    .select({
      id: schema.organizations.id,
      createdAt: schema.organizations.createdAt,
      depositsMicros: schema.organizations.depositsMicros,
      limitConcurrentCalls: schema.organizations.limitConcurrentCalls,
    })
    .from(schema.organizations)
    .where(eq(schema.organizations.id, orgId));
  if (!org) return;
  try {
    await checkVelocity(db, org, { ...attempt, stage: 'dispatch' });
  } catch (error) {
    await countRefusal(db, orgId, error, new Date(attempt.now));
    throw error;
  }
}
