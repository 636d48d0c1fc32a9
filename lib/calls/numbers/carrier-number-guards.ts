import { eq } from 'drizzle-orm';
import { schema, type Executor } from '../../adapters/db';
import type { CarrierLine } from '../../adapters/telephony';
import { ApiError } from '../../platform/errors/api-error';

/**
 * A number from the carrier account costs the service money at once (a purchase) or points a
 * shared number at one organization (an import): like a real call, it needs an organization that
 * has paid, not one spending its starting credit (402 DEPOSIT_REQUIRED).
 */
export async function assertPaidDeposit(db: Executor, orgId: string): Promise<void> {
  const [org] = await db
    .select({ deposits: schema.organizations.depositsMicros })
    .from(schema.organizations)
    .where(eq(schema.organizations.id, orgId));
  if (!org || org.deposits > 0) return;
  throw new ApiError('DEPOSIT_REQUIRED', {
    message:
      'Numbers from the carrier are rented only to organizations that have paid a deposit; the starting credit covers sandbox numbers.',
  });
}

/**
 * The service's own caller ID (TWILIO_FROM_NUMBER) presents every organization's calls and takes
 * their callbacks: no organization may claim it, or callers returning anyone's call would reach
 * that organization's agent.
 */
export function assertNotServiceNumber(carrier: CarrierLine, number: string): void {
  if (number !== carrier.defaultFrom) return;
  throw new ApiError('NUMBER_TAKEN', {
    message: `${number} is the service's own caller ID, shared by every organization; it cannot be imported.`,
    field: 'number',
  });
}
