import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import { schema, type Db } from '../../adapters/db';
import { getTranscripts } from '../get-call';
import { listToolCalls } from '../actions';
import { renderCall } from '../render-call';
import type { CallDeps } from '../types';
import { WebhookError } from '../../adapters/webhooks';
import { GIVE_UP_AFTER_MS, retryDelayMs } from './backoff';

export const DELIVERY_TIMEOUT_MS = 15_000;
const DELIVERY_LEASE_MS = DELIVERY_TIMEOUT_MS + 15_000;

type DeliveryRow = typeof schema.webhookDeliveries.$inferSelect;

/** Claims due deliveries for this worker (SKIP LOCKED + a lease), as calls are claimed. */
export async function claimDueDeliveries(db: Db, now: Date, limit: number): Promise<DeliveryRow[]> {
  const d = schema.webhookDeliveries;
  const due = db
    .select({ id: d.id })
    .from(d)
    .where(
      and(
        eq(d.status, 'pending'),
        lte(d.nextAttemptAt, now),
        or(isNull(d.leaseUntil), lt(d.leaseUntil, now)),
      ),
    )
    .orderBy(asc(d.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(d)
    .set({ leaseToken: randomUUID(), leaseUntil: new Date(now.getTime() + DELIVERY_LEASE_MS) })
    .where(inArray(d.id, due))
    .returning();
}

/** One attempt: the call's current record, signed with its org's secret, logged either way. */
async function attempt(deps: CallDeps, delivery: DeliveryRow): Promise<void> {
  const db = deps.db;
  const [call] = await db.select().from(schema.calls).where(eq(schema.calls.id, delivery.callId));
  const [org] = await db
    .select({ secret: schema.organizations.webhookSecret })
    .from(schema.organizations)
    .where(eq(schema.organizations.id, delivery.orgId));
  if (!call || !org) {
    // Nothing left to describe: give the delivery up rather than claim it again forever.
    await db
      .update(schema.webhookDeliveries)
      .set({ status: 'failed', nextAttemptAt: null, leaseToken: null, leaseUntil: null })
      .where(eq(schema.webhookDeliveries.id, delivery.id));
    return;
  }
  const data = renderCall(call, await getTranscripts(db, call.id), {
    origin: call.apiOrigin,
    urlSigningKey: deps.settings.urlSigningKey,
    nowMs: deps.clock.now(),
    toolCalls: await listToolCalls(db, call.id),
  });
  const attemptedAt = new Date(deps.clock.now());
  let statusCode: number | null = null;
  let responseMs = 0;
  let error: string | null = null;
  try {
    const result = await deps.webhooks.send({
      id: delivery.webhookId,
      url: delivery.url,
      type: delivery.eventType,
      data,
      secret: org.secret,
      timeoutMs: DELIVERY_TIMEOUT_MS,
    });
    statusCode = result.status;
    responseMs = result.ms;
  } catch (thrown) {
    const failure = thrown instanceof WebhookError ? thrown : new WebhookError(String(thrown));
    statusCode = failure.status ?? null;
    responseMs = failure.ms ?? 0;
    error = failure.message.slice(0, 500);
  }
  const attempts = delivery.attempts + 1;
  const now = new Date(deps.clock.now());
  const delivered = error === null;
  // 410 Gone means the receiver asks us to stop; after a day we stop on our own.
  const giveUp =
    !delivered &&
    (statusCode === 410 || now.getTime() - delivery.createdAt.getTime() >= GIVE_UP_AFTER_MS);
  await db.transaction(async (tx) => {
    // The attempt is logged only while our lease stands; a worker that lost it records nothing.
    const held = await tx
      .update(schema.webhookDeliveries)
      .set({
        attempts,
        payload: data,
        status: delivered ? 'delivered' : giveUp ? 'failed' : 'pending',
        nextAttemptAt:
          delivered || giveUp ? null : new Date(now.getTime() + retryDelayMs(attempts)),
        leaseToken: null,
        leaseUntil: null,
      })
      .where(
        and(
          eq(schema.webhookDeliveries.id, delivery.id),
          eq(schema.webhookDeliveries.leaseToken, delivery.leaseToken!),
        ),
      )
      .returning({ id: schema.webhookDeliveries.id });
    if (held.length === 0) return;
    await tx.insert(schema.webhookAttempts).values({
      deliveryId: delivery.id,
      attemptedAt,
      statusCode,
      responseMs,
      error,
    });
  });
}

/** Runs one claimed delivery's attempt; never rejects (a failure to run it is logged). */
export function attemptDelivery(deps: CallDeps, delivery: DeliveryRow): Promise<void> {
  return attempt(deps, delivery).catch((error: unknown) =>
    console.error(`webhook delivery ${delivery.id}: attempt failed to run:`, error),
  );
}

/** Sends every delivery that is due now (at most `limit`); returns how many were tried. */
export async function deliverDueWebhooks(deps: CallDeps, limit: number): Promise<number> {
  const claimed = await claimDueDeliveries(deps.db, new Date(deps.clock.now()), limit);
  await Promise.all(claimed.map((delivery) => attemptDelivery(deps, delivery)));
  return claimed.length;
}
