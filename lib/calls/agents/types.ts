import type { Ports } from '../../adapters/ports';

/** What the agents context talks to, passed in (no env reads here). */
export interface AgentDeps extends Pick<Ports, 'db'> {
  /** Addresses a webhook may reach despite the private-address rule (WEBHOOK_ALLOW_IPS). */
  allowIps: string[];
  /** URL_SIGNING_KEY: tools' header values are sealed under a key derived from it. */
  urlSigningKey: string;
}
