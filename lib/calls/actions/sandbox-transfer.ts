import { outcomeForNumber } from '../../adapters/telephony';

/**
 * The sandbox line's transfer, simulated: the person reached answers with a greeting of their
 * team, unless the number is one of the test numbers that are never answered (555-0101 no
 * answer, 555-0102 busy, …): then null.
 */
export function sandboxTransferAnswer(to: string, label: string | null): string | null {
  if (outcomeForNumber(to).kind !== 'human') return null;
  return `Hi, this is ${label ?? 'the front desk'}, how can I help?`;
}
