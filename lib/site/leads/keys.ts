// Store key names of the lead service, in one place (the adapter adds its own `vai:` prefix).
export const leadKeys = {
  /** Idempotency record of an event_id: `pending:<token>` while running, then the envelope. */
  event: (eventId: string) => `lead:event:${eventId.toLowerCase()}`,
  /** The stored submission (JSON), written once. */
  submission: (id: string) => `lead:sub:${id}`,
  /** Hash: the submission's CRM sync state (LeadSyncState). */
  sync: (id: string) => `lead:sync:${id}`,
  /** List of submission ids per form, oldest first (admin listing). */
  byForm: (slug: string) => `lead:form:${slug}`,
  /** List of every submission id, oldest first (the sync cron walks it). */
  all: 'lead:all',
  /** Index into `all` before which every lead is synced or skipped (where the cron starts). */
  syncCursor: 'lead:sync-cursor',
  /** Held while one process pushes a submission to the CRM, so it is never pushed twice. */
  syncLock: (id: string) => `lead:sync-lock:${id}`,
  /** Ids of stored submissions carrying an email, by its keyed hash (what a deletion erases). */
  byEmail: (emailHash: string) => `lead:email:${emailHash}`,
  /** Standing deletion request for a keyed email hash. */
  deletion: (emailHash: string) => `privacy:deletion:${emailHash}`,
} as const;

/** Rate-limit policies: name (for the RateLimit headers) and key prefix. */
export const leadRateLimitPolicy = {
  name: 'lead-submit',
  keyPrefix: 'rl:lead:',
  windowMs: 60_000,
} as const;

/** Idempotency records outlive any sane client retry; documented in the README. */
export const EVENT_RETENTION_MS = 24 * 60 * 60 * 1000;
/** An in-flight claim expires on its own if its holder dies. */
export const EVENT_CLAIM_TTL_MS = 15_000;
