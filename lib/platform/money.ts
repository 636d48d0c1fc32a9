/** Money is integer micro-dollars everywhere below the API; dollars only at the edges. */
export const MICROS_PER_USD = 1_000_000;

/** Stripe and the API's spend caps count cents; the wallet micro-dollars. */
export const MICROS_PER_CENT = 10_000;

export function usdToMicros(usd: number): number {
  return Math.round(usd * MICROS_PER_USD);
}

export function microsToUsd(micros: number): number {
  return micros / MICROS_PER_USD;
}
