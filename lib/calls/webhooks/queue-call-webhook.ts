import { randomUUID } from 'node:crypto';
import type { CallWebhookEventType } from '@/schemas/stored-values';
import { schema, type Executor } from '../../adapters/db';
import type { CallRow } from '../types';

/**
 * Queues one delivery of a call's webhook in the caller's transaction (the outbox the delivery
 * sweep sends from, with the call's record as it stands then). `webhookId` is Standard Webhooks'
 * id: the same on every retry of this delivery, new for a delivery receivers must not drop as a
 * repeat. Nothing for a call without a webhook.
 */
export async function queueCallWebhook(
  tx: Executor,
  call: Pick<CallRow, 'id' | 'orgId' | 'webhook'>,
  event: { type: CallWebhookEventType; webhookId: string },
  now: Date,
): Promise<boolean> {
  if (!call.webhook) return false;
  await tx.insert(schema.webhookDeliveries).values({
    id: randomUUID(),
    orgId: call.orgId,
    callId: call.id,
    webhookId: event.webhookId,
    url: call.webhook,
    eventType: event.type,
    payload: {},
    status: 'pending',
    nextAttemptAt: now,
    createdAt: now,
  });
  return true;
}
