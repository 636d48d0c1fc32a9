import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { calls } from './calls';
import { organizations } from './orgs';
import { deliveryStatuses, type CallWebhookEventType } from '../../../../schemas/stored-values';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One post-call webhook event to one URL; retried until delivered, refused (410) or too old. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    callId: uuid('call_id')
      .notNull()
      .references(() => calls.id),
    /** Standard Webhooks `webhook-id`: the same on every retry of this delivery. */
    webhookId: text('webhook_id').notNull(),
    url: text('url').notNull(),
    eventType: text('event_type').$type<CallWebhookEventType>().notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: deliveryStatuses }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at'),
    leaseToken: text('lease_token'),
    leaseUntil: at('lease_until'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('webhook_deliveries_call_idx').on(t.callId),
    // The console's webhooks page: an org's newest deliveries.
    index('webhook_deliveries_org_created_idx').on(t.orgId, t.createdAt),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt),
  ],
);

export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id),
    attemptedAt: at('attempted_at').notNull(),
    statusCode: integer('status_code'),
    responseMs: integer('response_ms').notNull(),
    error: text('error'),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId)],
);

export { deliveryStatuses };
