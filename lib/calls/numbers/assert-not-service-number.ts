import type { CarrierLine } from '../../adapters/telephony';
import { ApiError } from '../../platform/errors/api-error';

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
