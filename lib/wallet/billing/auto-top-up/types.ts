import type { Ports } from '../../../adapters/ports';
import type { BillingDeps } from '../types';

/** What the scheduler's auto top-up and low-balance passes need. */
export interface AutoTopUpDeps extends BillingDeps, Pick<Ports, 'mailer'> {
  /** The site's origin, for links in mail (the Checkout's way back, the settings page). */
  origin: string;
  /**
   * How long an accepted charge waits for its signed webhook (AUTO_TOP_UP_WEBHOOK_WAIT_MINUTES)
   * before the scheduler asks the provider where its PaymentIntent stands.
   */
  webhookWaitMs: number;
}

/** Recharges an org may start per UTC day, whatever their outcome. */
export const DAILY_ATTEMPTS = 3;
/** Declines in a row that turn auto top-up off. */
export const FAILURES_TO_DISABLE = 3;
/** How long an instance may hold a claimed attempt before another retries it (same key). */
export const CLAIM_LEASE_MS = 60_000;

export const settingsPath = (orgId: string) => `/console/orgs/${orgId}/billing/auto-top-up`;
