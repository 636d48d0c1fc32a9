import type { Metadata } from 'next';
import Link from 'next/link';
import { AgentForm } from '@/components/console/agent-form';
import { RoleLimits } from '@/components/console/role-limits';
import { listAgents } from '@/lib/calls/agents';
import { consoleOrg } from '@/lib/console/console-org';
import { formatTime } from '@/lib/console/format-time';
import { getAgentDeps } from '@/lib/composition/root';

export const metadata: Metadata = { title: 'Agents · Console', robots: { index: false } };
export const dynamic = 'force-dynamic';

/** Saved agents: a name and a call's settings, which calls and batches reuse with agent_id. */
export default async function AgentsPage({ params }: { params: Promise<{ org_id: string }> }) {
  const { org_id } = await params;
  const { org, can } = await consoleOrg(org_id, `/console/orgs/${org_id}/agents`);
  const { db } = await getAgentDeps();
  const { agents } = await listAgents(db, org.orgId, { limit: 100 });
  return (
    <>
      <h1>Agents</h1>
      <RoleLimits role={org.role} actions={[{ action: 'calls.write', text: 'save agents' }]} />
      <p>
        An agent keeps a task and the settings of a call. Pass its id as <code>agent_id</code> to{' '}
        <code>POST /v1/calls</code>, <code>POST /v1/batches</code> or the tool server’s{' '}
        <code>create_call</code>: the call takes the agent’s settings, and any field the request
        sets replaces the agent’s. Every change is a new version; a call keeps the version it
        started with.
      </p>
      {agents.length === 0 ? (
        <p data-testid="agents-empty">No agents yet.</p>
      ) : (
        <div className="table-scroll">
          <table data-testid="agents">
            <caption className="visually-hidden">Agents of {org.name}</caption>
            <thead>
              <tr>
                <th scope="col">Agent</th>
                <th scope="col">Id</th>
                <th scope="col">Version</th>
                <th scope="col">Changed</th>
              </tr>
            </thead>
            <tbody>
              {agents.map((agent) => (
                <tr key={agent.agent_id} data-testid="agent-row">
                  <th scope="row">
                    <Link
                      href={`/console/orgs/${org.orgId}/agents/${agent.agent_id}`}
                      prefetch={false}
                    >
                      {agent.name}
                    </Link>
                  </th>
                  <td>
                    <code>{agent.agent_id}</code>
                  </td>
                  <td>{agent.version}</td>
                  <td>{formatTime(agent.updated_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {can('calls.write') ? (
        <>
          <h2>New agent</h2>
          <AgentForm orgId={org.orgId} />
        </>
      ) : null}
    </>
  );
}
