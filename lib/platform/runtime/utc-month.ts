// Spend caps count per calendar month in UTC: the wallet reserves against a key's month, accounts
// show it beside the key; both read the month from here.

/** The calendar month (UTC) a spend counts toward: `YYYY-MM`. */
export function spendMonth(now: Date): string {
  return now.toISOString().slice(0, 7);
}

/** The first instant of `now`'s calendar month, UTC. */
export function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}
