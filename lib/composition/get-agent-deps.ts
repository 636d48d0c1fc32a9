import { getConfig } from '../platform/config/config';
import { getDb } from '../adapters/db';
import type { AgentDeps } from '../agents';

/** The process's saved-agent dependencies, from validated config. */
export async function getAgentDeps(): Promise<AgentDeps> {
  return { db: await getDb(), allowIps: getConfig().WEBHOOK_ALLOW_IPS };
}
