import { z } from 'zod';
import type { PaymentEvent } from './types';

// An expandable field is an id or the object itself.
const idOf = z
  .union([z.string(), z.object({ id: z.string() })])
  .nullish()
  .transform((v) => (v == null ? null : typeof v === 'string' ? v : v.id));

const Session = z.object({
  id: z.string(),
  payment_status: z.string().optional(),
  payment_intent: idOf,
  client_reference_id: z.string().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
  amount_total: z.number().int().nullish(),
  currency: z.string().nullish(),
});
const Charge = z.object({
  id: z.string(),
  payment_intent: idOf,
  amount_refunded: z.number().int().nonnegative().optional(),
  receipt_url: z.string().nullish(),
});
const Dispute = z.object({
  id: z.string(),
  charge: idOf,
  payment_intent: idOf,
  amount: z.number().int().nonnegative(),
  status: z.string().optional(),
});
const Intent = z.object({
  id: z.string(),
  metadata: z.record(z.string(), z.string()).nullish(),
  last_payment_error: z.object({ code: z.string().nullish() }).nullish(),
});
const Envelope = z.object({ type: z.string(), data: z.object({ object: z.unknown() }) });

/** The few Stripe events that move money, checked with zod; everything else is `ignored`. */
export function parseStripeEvent(raw: unknown): PaymentEvent {
  const event = Envelope.safeParse(raw);
  if (!event.success) return { type: 'ignored', eventType: 'malformed' };
  try {
    return parseKnown(event.data.type, event.data.data.object);
  } catch {
    // Signed by Stripe but not the shape we know (an API version we do not read): acknowledged.
    return { type: 'ignored', eventType: `${event.data.type} (unreadable)` };
  }
}

function parseKnown(type: string, object: unknown): PaymentEvent {
  switch (type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const s = Session.parse(object);
      // A completed session paid by a delayed method is credited by async_payment_succeeded.
      if (type === 'checkout.session.completed' && s.payment_status !== 'paid')
        return { type: 'ignored', eventType: type };
      return {
        type: 'checkout_paid',
        sessionId: s.id,
        paymentIntentId: s.payment_intent,
        topUpId: s.client_reference_id ?? s.metadata?.top_up_id ?? null,
        amountCents: s.amount_total ?? null,
        currency: s.currency?.toLowerCase() ?? null,
      };
    }
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired':
      return { type: 'checkout_failed', sessionId: Session.parse(object).id };
    case 'charge.succeeded':
    case 'charge.updated': {
      const c = Charge.parse(object);
      return {
        type: 'charge_succeeded',
        chargeId: c.id,
        paymentIntentId: c.payment_intent,
        receiptUrl: c.receipt_url ?? null,
      };
    }
    case 'charge.refunded': {
      const c = Charge.parse(object);
      return {
        type: 'charge_refunded',
        chargeId: c.id,
        paymentIntentId: c.payment_intent,
        amountRefundedCents: c.amount_refunded ?? 0,
      };
    }
    case 'charge.dispute.created':
    case 'charge.dispute.closed': {
      const d = Dispute.parse(object);
      const outcome =
        type === 'charge.dispute.created'
          ? 'opened'
          : d.status === 'lost' || d.status === 'won'
            ? d.status
            : 'other';
      return {
        type: 'dispute',
        disputeId: d.id,
        chargeId: d.charge ?? '',
        paymentIntentId: d.payment_intent,
        amountCents: d.amount,
        outcome,
      };
    }
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed': {
      const pi = Intent.parse(object);
      // Checkout's own intents carry no attempt: their session events credit them.
      const attemptId = pi.metadata?.auto_top_up_attempt_id;
      if (!attemptId) return { type: 'ignored', eventType: type };
      if (type === 'payment_intent.succeeded')
        return { type: 'off_session_paid', paymentIntentId: pi.id, attemptId };
      return {
        type: 'off_session_failed',
        paymentIntentId: pi.id,
        attemptId,
        failure: pi.last_payment_error?.code ?? 'payment_failed',
      };
    }
    default:
      return { type: 'ignored', eventType: type };
  }
}
