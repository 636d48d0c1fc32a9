import type { Db } from '../adapters/db';

/** What the agents context talks to, passed in (no env reads here). */
export interface AgentDeps {
  db: Db;
  /** Addresses a webhook may reach despite the private-address rule (WEBHOOK_ALLOW_IPS). */
  allowIps: string[];
}
