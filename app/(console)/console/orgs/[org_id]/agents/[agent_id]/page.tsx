import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { AgentForm } from '@/components/console/agent-form';
import { AgentVersionDiff } from '@/components/console/agent-version-diff';
import { CallMeForm } from '@/components/console/call-me-form';
import { DeleteAgentButton } from '@/components/console/delete-agent-button';
import { getAgent, listAgentVersions } from '@/lib/calls/agents';
import { consoleOrg } from '@/lib/console/console-org';
import { formatTime } from '@/lib/console/format-time';
import { getAgentDeps } from '@/lib/composition/root';
import { isApiError, isUuid } from '@/lib/platform/http';

export const metadata: Metadata = { title: 'Agent · Console', robots: { index: false } };
export const dynamic = 'force-dynamic';

export default async function AgentPage({
  params,
}: {
  params: Promise<{ org_id: string; agent_id: string }>;
}) {
  const { org_id, agent_id } = await params;
  const { org, can } = await consoleOrg(org_id, `/console/orgs/${org_id}/agents/${agent_id}`);
  if (!isUuid(agent_id)) notFound();
  const { db } = await getAgentDeps();
  const found = await Promise.all([
    getAgent(db, org.orgId, agent_id),
    listAgentVersions(db, org.orgId, agent_id, { limit: 100 }),
  ]).catch((error: unknown) => {
    if (isApiError(error) && error.status === 404) notFound();
    throw error;
  });
  const [agent, { versions }] = found;
  return (
    <>
      <p>
        <Link href={`/console/orgs/${org.orgId}/agents`} prefetch={false}>
          All agents
        </Link>
      </p>
      <h1>{agent.name}</h1>
      <p>
        Id <code data-testid="agent-id">{agent.agent_id}</code>, version {agent.version}, changed{' '}
        {formatTime(agent.updated_at)}.
      </p>
      {can('calls.write') ? (
        <>
          <h2>Try it</h2>
          <p>
            The agent calls the number you type, with its current version. On the sandbox line, use
            a test number such as +14155550123.
          </p>
          <CallMeForm orgId={org.orgId} agentId={agent.agent_id} />
          <h2>Change</h2>
          <AgentForm orgId={org.orgId} agent={agent} />
          <p>
            <DeleteAgentButton orgId={org.orgId} agentId={agent.agent_id} name={agent.name} />
          </p>
        </>
      ) : null}
      <h2>Versions</h2>
      <div className="table-scroll">
        <table data-testid="agent-versions">
          <caption className="visually-hidden">Versions of {agent.name}, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Version</th>
              <th scope="col">Made</th>
              <th scope="col">Changed</th>
              <th scope="col">Task</th>
            </tr>
          </thead>
          <tbody>
            {versions.map((version, i) => (
              <tr key={version.version}>
                <th scope="row">{version.version}</th>
                <td>{formatTime(version.created_at)}</td>
                <td>
                  <AgentVersionDiff version={version} before={versions[i + 1]} />
                </td>
                <td>
                  {version.task.length > 120 ? `${version.task.slice(0, 120)}…` : version.task}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
