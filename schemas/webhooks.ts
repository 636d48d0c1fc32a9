import { z } from './zod';
import { CallDetail } from './call-detail';
import { callWebhookEvents } from './stored-values';

export const ResendWebhooksRequest = z
  .object({
    call_ids: z.array(z.uuid()).min(1).max(1000).describe('Calls whose webhook to deliver again.'),
  })
  .meta({ id: 'ResendWebhooksRequest' });

export const ResendWebhooksResponse = z
  .object({
    status: z.literal('success'),
    queued: z.array(z.uuid()).describe('Calls for which a new delivery was queued.'),
    skipped: z.array(
      z.object({
        call_id: z.string(),
        reason: z.enum(['not_found', 'no_webhook', 'in_progress']),
      }),
    ),
  })
  .meta({ id: 'ResendWebhooksResponse' });

export const WebhookAttempt = z.object({
  attempted_at: z.iso.datetime(),
  status_code: z
    .int()
    .nullable()
    .describe('The receiver’s HTTP status; null when it never answered.'),
  response_time_ms: z.int(),
  error: z.string().nullable(),
});

export const WebhookDeliveryLog = z
  .object({
    call_id: z.uuid(),
    deliveries: z.array(
      z.object({
        delivery_id: z.uuid(),
        webhook_id: z
          .string()
          .describe('The Standard Webhooks webhook-id, the same on every retry.'),
        url: z.string(),
        event_type: z.enum(callWebhookEvents),
        status: z.enum(['pending', 'delivered', 'failed']),
        created_at: z.iso.datetime(),
        next_attempt_at: z.iso.datetime().nullable(),
        attempts: z.array(WebhookAttempt),
      }),
    ),
  })
  .meta({ id: 'WebhookDeliveryLog' });

export const CallWebhookEvent = z
  .object({
    type: z
      .enum(callWebhookEvents)
      .describe(
        '`call.completed` when the call ends (and when delivered again on request); ' +
          '`call.analyzed` when POST /v1/calls/{call_id}/analyze replaced its analysis.',
      ),
    timestamp: z.iso.datetime(),
    data: CallDetail,
  })
  .describe('Body of the post-call webhook.')
  .meta({ id: 'CallWebhookEvent' });
