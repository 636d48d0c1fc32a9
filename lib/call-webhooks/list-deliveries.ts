import { asc, eq, inArray } from 'drizzle-orm';
import { schema, type Db } from '../db';
import { getCallRowOrThrow } from '../calls/get-call';

/** The delivery log of one call of one org: every delivery with every attempt. */
export async function listDeliveries(db: Db, orgId: string, callId: string) {
  await getCallRowOrThrow(db, orgId, callId);
  const deliveries = await db
    .select()
    .from(schema.webhookDeliveries)
    .where(eq(schema.webhookDeliveries.callId, callId))
    .orderBy(asc(schema.webhookDeliveries.createdAt));
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
