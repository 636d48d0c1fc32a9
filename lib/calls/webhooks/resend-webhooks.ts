import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { schema, type Db } from '../../adapters/db';

/**
 * Queues a fresh delivery (a new webhook-id, so receivers that dropped the first as a repeat
 * take this one) for each ended call of the org that has a webhook. Other ids are reported,
 * not refused, so one bad id does not block the rest.
 */
export async function resendWebhooks(db: Db, orgId: string, callIds: string[], now: Date) {
  const calls = await db
    .select()
    .from(schema.calls)
    .where(and(eq(schema.calls.orgId, orgId), inArray(schema.calls.id, callIds)));
  const byId = new Map(calls.map((c) => [c.id, c]));
  const queued: string[] = [];
  const skipped: { call_id: string; reason: string }[] = [];
  for (const id of callIds) {
    const call = byId.get(id);
    if (!call) skipped.push({ call_id: id, reason: 'not_found' });
    else if (!call.webhook) skipped.push({ call_id: id, reason: 'no_webhook' });
    else if (call.queueStatus === 'queued' || call.queueStatus === 'started')
      skipped.push({ call_id: id, reason: 'in_progress' });
    else queued.push(id);
  }
  if (queued.length > 0) {
    await db.insert(schema.webhookDeliveries).values(
      queued.map((id) => ({
        id: randomUUID(),
        orgId,
        callId: id,
        webhookId: `msg_${id}_${randomUUID().slice(0, 8)}`,
        url: byId.get(id)!.webhook!,
        eventType: 'call.completed' as const,
        payload: {},
        status: 'pending' as const,
        nextAttemptAt: now,
        createdAt: now,
      })),
    );
  }
  return { status: 'success' as const, queued, skipped };
}
