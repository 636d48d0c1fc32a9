import { recordAudit, type AuditEntry } from '../../accounts';
import type { Tx } from '../../adapters/db';
import { microsToUsd } from '../../platform/money';
import { credit } from '..';
import { applyHeldReversals } from './apply-held-reversals';

/**
 * The one crediting path of a paid top-up, a Checkout one (Stripe's webhook, the sandbox's Pay)
 * or an auto top-up's recharge: inside the transaction that marked it paid, the deposit (keyed
 * by the PaymentIntent, repaying any debt, counting toward the unlock), its audit row as the
 * provider's word, and the refunds or disputes that arrived before it.
 */
export async function creditPaidTopUp(
  tx: Tx,
  input: {
    orgId: string;
    micros: number;
    /** Stripe's PaymentIntent id (a stand-in that sends none: the session id). */
    reference: string;
    paymentIntentId: string | null;
    keyId?: string | null;
    audit: Pick<AuditEntry, 'action' | 'target'> & { after: Record<string, unknown> };
    now: Date;
  },
): Promise<void> {
  await credit(tx, {
    orgId: input.orgId,
    kind: 'deposit',
    micros: input.micros,
    reference: input.reference,
    countsTowardUnlock: true,
    keyId: input.keyId ?? null,
    now: input.now,
  });
  await recordAudit(
    tx,
    {
      orgId: input.orgId,
      // The provider's word (a signed webhook, the sandbox's Pay), not a member's.
      actor: { type: 'system', id: null },
      action: input.audit.action,
      target: input.audit.target,
      after: { amount_usd: microsToUsd(input.micros), ...input.audit.after },
    },
    input.now,
  );
  if (input.paymentIntentId) await applyHeldReversals(tx, input.paymentIntentId, input.now);
}
