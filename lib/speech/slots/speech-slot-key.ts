/** A speech slot lease lives this long unless renewed: a crashed holder's slot frees within it. */
export const SLOT_TTL_MS = 15_000;

/** The store key of an organization's speech slots (the adapters add their own prefix). */
export function speechSlotKey(orgId: string): string {
  return `slots:speech:${orgId}`;
}
