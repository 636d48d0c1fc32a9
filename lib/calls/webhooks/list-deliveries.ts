import { and, asc, eq, inArray } from 'drizzle-orm';
import { schema, type Db } from '../../adapters/db';
import { getCallRowOrThrow } from '../get-call';

/** The delivery log of one call of one org: every delivery with every attempt; 404 for no such call. */
export async function listDeliveries(db: Db, orgId: string, callId: string) {
  await getCallRowOrThrow(db, orgId, callId);
  return listCallDeliveries(db, orgId, callId);
}

/**
 * The delivery log without the call's own lookup, for a caller that has just read the call (the
 * console's call page reads both at once): another org's call, or none, has an empty log.
 */
export async function listCallDeliveries(db: Db, orgId: string, callId: string) {
  const d = schema.webhookDeliveries;
  const deliveries = await db
    .select()
    .from(d)
    .where(and(eq(d.callId, callId), eq(d.orgId, orgId)))
    .orderBy(asc(d.createdAt));
  const attempts =
    deliveries.length === 0
      ? []
      : await db
          .select()
          .from(schema.webhookAttempts)
          .where(
            inArray(
              schema.webhookAttempts.deliveryId,
              deliveries.map((d) => d.id),
            ),
          )
          .orderBy(asc(schema.webhookAttempts.id));
  return {
    call_id: callId,
    deliveries: deliveries.map((d) => ({
      delivery_id: d.id,
      webhook_id: d.webhookId,
      url: d.url,
      event_type: d.eventType,
      status: d.status,
      created_at: d.createdAt.toISOString(),
      next_attempt_at: d.nextAttemptAt?.toISOString() ?? null,
      attempts: attempts
        .filter((a) => a.deliveryId === d.id)
        .map((a) => ({
          attempted_at: a.attemptedAt.toISOString(),
          status_code: a.statusCode,
          response_time_ms: a.responseMs,
          error: a.error,
        })),
    })),
  };
}
