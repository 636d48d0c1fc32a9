import { Redis } from 'ioredis';
import { TEST_REDIS_URL } from './redis';
import { admin, ADMIN_TOKEN } from './http';

// Moved to modules named for what they are; kept here for suites written against this one.
export { eventually } from './eventually';
export { admin, ADMIN_TOKEN, expectError, postJson } from './http';

/** A Redis logical database of its own (the app's keys carry no test prefix), emptied first. */
export async function freshRedisDb(db: number): Promise<string> {
  const url = `${TEST_REDIS_URL.replace(/\/\d*$/, '')}/${db}`;
  const client = new Redis(url, { maxRetriesPerRequest: 1 });
  await client.flushdb();
  client.disconnect();
  return url;
}

/**
 * A lead server's environment: the msw SaaS fake, the admin token, HubSpot (faked), one Redis,
 * and client IPs read from X-Forwarded-For so each test can act as a fresh client.
 */
export const leadServerEnv = (fake: { env: Record<string, string> }, redisUrl: string) => ({
  ...fake.env,
  ADMIN_TOKEN,
  TRUST_PROXY: 'true',
  HUBSPOT_ACCESS_TOKEN: 'fake-hubspot-token',
  REDIS_URL: redisUrl,
});

let ipCounter = 0;
/** A fresh client address per test (servers run with TRUST_PROXY=true). */
export function nextIp(): string {
  ipCounter += 1;
  return `198.51.${100 + Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

export interface ListedLead {
  id: string;
  eventId: string | null;
  email: string | null;
  values: Record<string, unknown>;
  attribution: Record<string, unknown>;
  sync: { syncStatus: string; attempts: number } | null;
}

export async function listLeads(base: string, form: string): Promise<ListedLead[]> {
  const body = (await admin(base, `/internal/leads?form=${form}`)) as { leads: ListedLead[] };
  return body.leads;
}

export const demoValues = (email: string) => ({
  firstname: 'Ada',
  lastname: 'Lovelace',
  email,
  company: 'Acme',
  consent: true,
});
