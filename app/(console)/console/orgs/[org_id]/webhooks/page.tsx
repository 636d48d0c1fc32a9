import type { Metadata } from 'next';
import { CursorNav } from '@/components/console/cursor-nav';
import { ReplayWebhooks } from '@/components/console/replay-webhooks';
import { RoleLimits } from '@/components/console/role-limits';
import { RotateSecret } from '@/components/console/rotate-secret';
import { listOrgDeliveries } from '@/lib/calls/webhooks/list-org-deliveries';
import { openOrgPage, readOrProblem, type OrgPageProps } from '@/lib/console/org-page';
import { getDb } from '@/lib/composition/adapters';
import { getOrgOrThrow } from '@/lib/accounts/orgs/get-org';
import { ConsoleDeliveryFilter } from '@/schemas/console';
import { formatTime } from '@/lib/console/format-time';

export const metadata: Metadata = { title: 'Webhooks · Console', robots: { index: false } };
export const dynamic = 'force-dynamic';

const clock = (iso: string | null) => formatTime(iso, '—', { seconds: true });
const PAGE_SIZE = 100;

export default async function WebhooksPage(props: OrgPageProps<{ org_id: string }>) {
  const { org, can, search } = await openOrgPage(props, '/webhooks');
  const filter = ConsoleDeliveryFilter.safeParse(search);
  const status = filter.success ? filter.data.status : undefined;
  const db = await getDb();
  const { data: page, problem } = can('webhooks.read')
    ? await readOrProblem(
        listOrgDeliveries(db, org.orgId, {
          status,
          cursor: filter.success ? filter.data.cursor : undefined,
          limit: PAGE_SIZE,
        }),
      )
    : { data: null, problem: null };
  const deliveries = page?.deliveries ?? [];
  const secret = can('webhooks.secret') ? (await getOrgOrThrow(db, org.orgId)).webhookSecret : null;
  const failedCalls = [
    ...new Set(deliveries.filter((d) => d.status === 'failed').map((d) => d.call_id)),
  ];
  const mayReplay = can('webhooks.write');
  return (
    <>
      <h1>Webhooks</h1>
      <RoleLimits
        role={org.role}
        actions={[
          { action: 'webhooks.read', text: 'see webhook deliveries' },
          { action: 'webhooks.write', text: 'replay deliveries' },
          { action: 'webhooks.secret', text: 'see or rotate the signing secret' },
        ]}
      />
      <p>
        A call with a <code>webhook</code> URL gets one signed <code>call.completed</code> delivery
        when it ends (Standard Webhooks), and a <code>call.analyzed</code> one when its analysis is
        run again, each retried for 24 hours until the receiver answers 2xx.
      </p>
      {secret ? (
        <section aria-labelledby="signing-secret">
          <h2 id="signing-secret">Signing secret</h2>
          <p>
            Verify the <code>webhook-signature</code> header with this secret (any Standard Webhooks
            library does it).
          </p>
          <details>
            <summary>Show the signing secret</summary>
            <p>
              <code className="secret" data-testid="webhook-secret">
                {secret}
              </code>
            </p>
          </details>
          <RotateSecret orgId={org.orgId} />
        </section>
      ) : null}
      {can('webhooks.read') ? (
        <section aria-labelledby="deliveries">
          <h2 id="deliveries">Deliveries</h2>
          <form className="filters" method="get">
            <label>
              Status
              <select name="status" defaultValue={status ?? ''}>
                <option value="">Any</option>
                <option value="pending">Pending</option>
                <option value="delivered">Delivered</option>
                <option value="failed">Failed</option>
              </select>
            </label>
            <button className="button secondary" type="submit">
              Filter
            </button>
          </form>
          {mayReplay && failedCalls.length > 0 ? (
            <p>
              <ReplayWebhooks
                orgId={org.orgId}
                callIds={failedCalls}
                label={`Replay all failed (${failedCalls.length} ${failedCalls.length === 1 ? 'call' : 'calls'})`}
              />
            </p>
          ) : null}
          {problem ? (
            <p className="form-error" role="alert">
              {problem}
            </p>
          ) : null}
          {problem ? null : deliveries.length === 0 ? (
            <p data-testid="deliveries-empty">
              {status
                ? `No ${status} deliveries.`
                : 'No deliveries yet: give a call a webhook URL and one is sent when it ends.'}
            </p>
          ) : (
            <div className="table-scroll">
              <table data-testid="org-deliveries">
                <caption className="visually-hidden">Webhook deliveries, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">Created</th>
                    <th scope="col">Call and target</th>
                    <th scope="col">Status</th>
                    <th scope="col">Response</th>
                    <th scope="col">Attempts</th>
                    <th scope="col">Next attempt</th>
                    {mayReplay ? <th scope="col">Replay</th> : null}
                  </tr>
                </thead>
                <tbody>
                  {deliveries.map((d) => (
                    <tr
                      key={d.delivery_id}
                      data-testid="org-delivery-row"
                      data-status={d.status}
                      data-delivery-id={d.delivery_id}
                    >
                      <td>{clock(d.created_at)}</td>
                      <td>
                        {/* Plain links: a client Link per row costs the server more than it saves. */}
                        <a href={`/console/orgs/${org.orgId}/calls/${d.call_id}`}>{d.to}</a>
                        <span className="meta block wrap-anywhere" data-testid="delivery-url">
                          to {d.url}
                        </span>
                      </td>
                      <td>{d.status}</td>
                      <td>{d.last_status_code ?? d.last_error ?? '—'}</td>
                      <td>{d.attempts}</td>
                      <td>{clock(d.next_attempt_at)}</td>
                      {mayReplay ? (
                        <td>
                          {d.status === 'failed' ? (
                            <ReplayWebhooks
                              orgId={org.orgId}
                              callIds={[d.call_id]}
                              label="Replay"
                            />
                          ) : null}
                        </td>
                      ) : null}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <CursorNav
            label="Pages of deliveries"
            search={search}
            nextCursor={page?.older_cursor}
            older="Older"
            newerCursor={page?.newer_cursor ?? null}
          />
        </section>
      ) : null}
    </>
  );
}
