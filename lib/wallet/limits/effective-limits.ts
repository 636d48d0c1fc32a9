import { isUnlocked } from '../unlock';

/** Cumulative deposits (starting credit excluded) at which the higher limits apply for good. */

/** Calls in progress at once per org unless an admin sets another cap. */
export const DEFAULT_CONCURRENT_CALLS = 10;

export interface OrgLimits {
  concurrency: number;
  instant_clones: number;
  live_clones: number;
  concurrent_calls: number;
}

export const BEFORE_UNLOCK: OrgLimits = {
  concurrency: 1,
  instant_clones: 1,
  live_clones: 0,
  concurrent_calls: DEFAULT_CONCURRENT_CALLS,
};
export const AFTER_UNLOCK: OrgLimits = {
  concurrency: 5,
  instant_clones: 10,
  live_clones: 1,
  concurrent_calls: DEFAULT_CONCURRENT_CALLS,
};

export interface LimitSource {
  depositsMicros: number;
  limitConcurrency: number | null;
  limitInstantClones: number | null;
  limitLiveClones: number | null;
  limitConcurrentCalls: number | null;
}

/** The tier from cumulative deposits, then admin overrides on top (a raise applies directly). */
export function effectiveLimits(org: LimitSource): OrgLimits {
  const tier = isUnlocked(org) ? AFTER_UNLOCK : BEFORE_UNLOCK;
  return {
    concurrency: org.limitConcurrency ?? tier.concurrency,
    instant_clones: org.limitInstantClones ?? tier.instant_clones,
    live_clones: org.limitLiveClones ?? tier.live_clones,
    concurrent_calls: org.limitConcurrentCalls ?? tier.concurrent_calls,
  };
}
