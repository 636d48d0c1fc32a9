import type { AgentBody } from '@/schemas/agents';
import type { Executor } from '../../adapters/db';
import { findAgentOrThrow } from './find-agent';
import { renderAgent } from './render-agent';

/** GET /v1/agents/{id}: the agent at its current version (404 for another org's or a deleted one). */
export async function getAgent(db: Executor, orgId: string, agentId: string): Promise<AgentBody> {
  return renderAgent(await findAgentOrThrow(db, orgId, agentId));
}
