/** How long a number whose month the wallet cannot pay is kept before it is released. */
export const UNPAID_GRACE_MS = 7 * 24 * 60 * 60_000;
