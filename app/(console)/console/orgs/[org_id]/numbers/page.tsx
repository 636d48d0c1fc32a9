import type { Metadata } from 'next';
import Link from 'next/link';
import {
  BuyNumberForm,
  ImportNumberForm,
  NumberAgentSelect,
  ReleaseNumberButton,
  TestCallButton,
} from '@/components/console/number-forms';
import { RoleLimits } from '@/components/console/role-limits';
import { listAgents } from '@/lib/calls/agents';
import { listNumbers } from '@/lib/calls/numbers';
import { getNumberDeps } from '@/lib/composition/root';
import { formatTime } from '@/lib/console/format-time';
import { openOrgPage, type OrgPageProps } from '@/lib/console/org-page';

export const metadata: Metadata = { title: 'Phone numbers · Console', robots: { index: false } };
export const dynamic = 'force-dynamic';

const dollars = (usd: number) => `$${usd.toFixed(2)}`;

/** The organization's numbers: buy or import, the agent that answers each, a test call, release. */
export default async function NumbersPage(props: OrgPageProps<{ org_id: string }>) {
  const { org, can } = await openOrgPage(props, '/numbers');
  const { db, monthlyFeeMicros, provider } = await getNumberDeps();
  const [{ numbers, monthly_fee }, { agents }] = await Promise.all([
    listNumbers(db, org.orgId, monthlyFeeMicros),
    listAgents(db, org.orgId, { limit: 100 }),
  ]);
  const sandbox = provider.kind === 'sandbox';
  const mayChange = can('calls.write');
  const fee = dollars(monthly_fee);
  const base = `/console/orgs/${org.orgId}`;
  return (
    <>
      <h1>Phone numbers</h1>
      <RoleLimits
        role={org.role}
        actions={[{ action: 'calls.write', text: 'buy, assign or release numbers' }]}
      />
      <p>
        A number rings the saved agent you choose for it: an inbound call is a call like any other
        (transcript, recording, webhook, price per minute), listed with the calls. Calls you place
        may also present one of these numbers as <code>from</code>. Each number costs {fee} a month
        from the wallet, the first month when it is bought.
      </p>
      {sandbox ? (
        <p data-testid="numbers-sandbox">
          This is the sandbox line: its numbers are fictional (+1, the area code, 555-0110 to
          555-0199) and ring nowhere, and “Test call” has a scripted caller ring one.
        </p>
      ) : null}
      {numbers.length === 0 ? (
        <p data-testid="numbers-empty">No numbers yet.</p>
      ) : (
        <div className="table-scroll">
          <table data-testid="numbers">
            <caption className="visually-hidden">Phone numbers of {org.name}</caption>
            <thead>
              <tr>
                <th scope="col">Number</th>
                <th scope="col">Answered by</th>
                <th scope="col">Paid until</th>
                {mayChange ? <th scope="col">Actions</th> : null}
              </tr>
            </thead>
            <tbody>
              {numbers.map((n) => (
                <tr key={n.number} data-testid="number-row">
                  <th scope="row">
                    {n.number}
                    {n.sandbox ? ' (sandbox)' : ''}
                  </th>
                  <td>
                    {mayChange ? (
                      <NumberAgentSelect
                        orgId={org.orgId}
                        number={n.number}
                        agentId={n.inbound_agent_id}
                        agents={agents.map((a) => ({ id: a.agent_id, name: a.name }))}
                      />
                    ) : (
                      (agents.find((a) => a.agent_id === n.inbound_agent_id)?.name ?? 'No agent')
                    )}
                  </td>
                  <td>{formatTime(n.paid_until, '—')}</td>
                  {mayChange ? (
                    <td>
                      {sandbox ? <TestCallButton orgId={org.orgId} number={n.number} /> : null}{' '}
                      <ReleaseNumberButton orgId={org.orgId} number={n.number} />
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {agents.length === 0 && mayChange ? (
        <p>
          No saved agent can answer yet: <Link href={`${base}/agents`}>create one</Link> first.
        </p>
      ) : null}
      {mayChange ? (
        <section aria-labelledby="numbers-get">
          <h2 id="numbers-get">Get a number</h2>
          <BuyNumberForm orgId={org.orgId} fee={fee} />
          {sandbox ? null : <ImportNumberForm orgId={org.orgId} fee={fee} />}
        </section>
      ) : null}
    </>
  );
}
