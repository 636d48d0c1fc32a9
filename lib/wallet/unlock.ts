import { usdToMicros } from '../platform/money';

/** Cumulative deposits (never the starting credit) that raise an org's limits for good. */
export const UNLOCK_DEPOSITS_MICROS = usdToMicros(5);

/** The unlock check: the one place that says whether deposits have reached it. */
export function isUnlocked(org: { depositsMicros: number }): boolean {
  return org.depositsMicros >= UNLOCK_DEPOSITS_MICROS;
}
