import type { Metadata } from 'next';
import { RaiseRequestForm } from '@/components/console/raise-request-form';
import { RoleLimits } from '@/components/console/role-limits';
import { consoleOrg } from '@/lib/console/console-org';
import { listRaiseRequests } from '@/lib/wallet/limits/list-raise-requests';
import { getDb } from '@/lib/composition/adapters';
import { systemClock } from '@/lib/platform/runtime/clock';
import { getStore } from '@/lib/composition/adapters';
import { getLimitsUsage } from '@/lib/console/get-limits-usage';
import { AFTER_UNLOCK, BEFORE_UNLOCK, type OrgLimits } from '@/lib/wallet/limits/effective-limits';
import { microsToUsd } from '@/lib/platform/money';
import { formatTime } from '@/lib/console/format-time';

export const metadata: Metadata = { title: 'Limits · Console', robots: { index: false } };
export const dynamic = 'force-dynamic';

/** The spec's limits table (and our concurrent-call cap); the tiers come from effective-limits. */
const rows: { key: keyof OrgLimits; label: string }[] = [
  { key: 'concurrency', label: 'Concurrent generations' },
  { key: 'instant_clones', label: 'Instant voice clones' },
  { key: 'live_clones', label: 'Live professional clones' },
  { key: 'concurrent_calls', label: 'Concurrent calls' },
];

export default async function LimitsPage({ params }: { params: Promise<{ org_id: string }> }) {
  const { org_id } = await params;
  const { org, can } = await consoleOrg(org_id, `/console/orgs/${org_id}/limits`);
  const db = await getDb();
  const usage = await getLimitsUsage({ db, store: getStore(), clock: systemClock }, org.orgId);
  const requests = await listRaiseRequests(db, { orgId: org.orgId });
  const deposits = microsToUsd(usage.depositsMicros);
  const unlockUsd = microsToUsd(usage.unlockMicros);
  return (
    <>
      <h1>Limits</h1>
      <div className="table-scroll">
        <table data-testid="limits">
          <caption className="visually-hidden">Limits of {org.name} and their use now</caption>
          <thead>
            <tr>
              <th scope="col">Limit</th>
              <th scope="col">Yours</th>
              <th scope="col">In use now</th>
              <th scope="col">Before / after the unlock</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} data-testid={`limit-${row.key}`}>
                <th scope="row">{row.label}</th>
                <td>{usage.limits[row.key]}</td>
                <td>{usage.inUse[row.key]}</td>
                <td>
                  {BEFORE_UNLOCK[row.key]} / {AFTER_UNLOCK[row.key]}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2>The unlock</h2>
      <p>
        Cumulative deposits of ${unlockUsd.toFixed(2)} raise the limits for good; spending the
        balance does not lower them, and starting credit does not count.
      </p>
      {usage.unlocked ? (
        <p data-testid="unlock-status">Unlocked: the higher limits apply.</p>
      ) : (
        <p data-testid="unlock-status">
          <label htmlFor="unlock-progress">
            ${deposits.toFixed(2)} of ${unlockUsd.toFixed(2)} deposited
          </label>{' '}
          <progress id="unlock-progress" max={unlockUsd} value={Math.min(deposits, unlockUsd)} />
        </p>
      )}
      <h2>Request a raise</h2>
      <RoleLimits role={org.role} actions={[{ action: 'org.update', text: 'request a raise' }]} />
      {can('org.update') ? <RaiseRequestForm orgId={org.orgId} /> : null}
      <h2>Your raise requests</h2>
      {requests.length === 0 ? (
        <p>None yet.</p>
      ) : (
        <div className="table-scroll">
          <table data-testid="raise-requests">
            <caption className="visually-hidden">Raise requests of {org.name}</caption>
            <thead>
              <tr>
                <th scope="col">Asked</th>
                <th scope="col">Limit</th>
                <th scope="col">Wanted</th>
                <th scope="col">Status</th>
                <th scope="col">Note</th>
              </tr>
            </thead>
            <tbody>
              {requests.map((r) => (
                <tr key={r.request_id} data-testid="raise-row">
                  <td>{formatTime(r.created_at)}</td>
                  <td>{r.limit}</td>
                  <td>{r.wanted}</td>
                  <td>{r.status}</td>
                  <td>{r.note ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
