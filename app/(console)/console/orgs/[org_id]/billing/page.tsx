import type { Metadata } from 'next';
import Link from 'next/link';
import { AddFundsForm } from '@/components/console/add-funds-form';
import { RoleLimits } from '@/components/console/role-limits';
import { SpendChartLazy } from '@/components/console/spend-chart-lazy';
import { dailySpend } from '@/lib/wallet/billing/daily-spend';
import { getBillingDeps } from '@/lib/composition/root';
import { listLedger } from '@/lib/wallet/billing/list-ledger';
import { openOrgPage, readOrProblem, type OrgPageProps } from '@/lib/console/org-page';
import { getBalanceAndLimits } from '@/lib/console/get-balance-and-limits';
import { microsToUsd } from '@/lib/platform/money';
import { getStore } from '@/lib/composition/adapters';
import { formatTime } from '@/lib/console/format-time';

export const metadata: Metadata = {
  title: 'Usage and billing · Console',
  robots: { index: false },
};
export const dynamic = 'force-dynamic';

const PAGE_SIZE = 25;
const CHART_DAYS = 30;

const kindLabels: Record<string, string> = {
  deposit: 'Top-up',
  starting_credit: 'Starting credit',
  call_charge: 'Call',
  speech_charge: 'Speech',
  refund: 'Refund',
  payment_refund: 'Top-up refunded',
  dispute: 'Top-up disputed',
  dispute_won: 'Dispute won',
  debt_repayment: 'Debt repaid',
};

const money = (usd: number) => `${usd < 0 ? '−' : ''}$${Math.abs(usd).toFixed(2)}`;

export default async function BillingPage(props: OrgPageProps<{ org_id: string }>) {
  const { org, can, search } = await openOrgPage(props, '/billing');
  const { cursor } = search;
  const deps = await getBillingDeps();
  const wallet = await getBalanceAndLimits(
    { db: deps.db, store: getStore(), clock: deps.clock },
    org.orgId,
  );
  const spend = (
    await dailySpend(deps.db, org.orgId, { now: new Date(deps.clock.now()), days: CHART_DAYS })
  ).map((d) => ({
    day: d.day,
    calls: microsToUsd(d.callsMicros),
    speech: microsToUsd(d.speechMicros),
  }));
  const spent = spend.filter((d) => d.calls + d.speech > 0);
  const { data: ledger, problem } = can('billing.read')
    ? await readOrProblem(
        listLedger(deps.db, org.orgId, {
          cursor: typeof cursor === 'string' ? cursor : undefined,
          limit: PAGE_SIZE,
        }),
        'Go back to the newest rows.',
      )
    : { data: null, problem: null };
  const base = `/console/orgs/${org.orgId}`;
  return (
    <>
      <h1>Usage and billing</h1>
      <RoleLimits
        role={org.role}
        actions={[
          { action: 'billing.manage', text: 'add funds' },
          { action: 'billing.read', text: 'see or download the ledger' },
        ]}
      />
      <h2>Wallet</h2>
      <dl data-testid="wallet">
        <dt>Balance</dt>
        <dd data-testid="balance">{money(wallet.balance_usd)}</dd>
        <dt>Deposited so far</dt>
        <dd>{money(wallet.deposits_usd)}</dd>
        <dt>Concurrent generations</dt>
        <dd data-testid="concurrency">{wallet.limits.concurrency}</dd>
        <dt>Concurrent calls</dt>
        <dd>{wallet.limits.concurrent_calls}</dd>
        <dt>Instant voice clones</dt>
        <dd>{wallet.limits.instant_clones}</dd>
      </dl>
      <p>
        {wallet.unlocked
          ? 'Your deposits have unlocked the higher limits.'
          : `Deposits of ${money(wallet.unlock_deposits_usd)} in all raise the limits for good.`}{' '}
        <Link href={`${base}/limits`} prefetch={false}>
          All limits and raise requests
        </Link>
        {' · '}
        <Link href={`${base}/billing/auto-top-up`} prefetch={false}>
          Auto top-up and low-balance alerts
        </Link>
      </p>
      {can('billing.manage') ? (
        <>
          <h2 id="add-funds">Add funds</h2>
          {deps.payments.kind === 'sandbox' ? (
            <p>This server has no Stripe account: the sandbox checkout opens and no money moves.</p>
          ) : (
            <p>You pay at Stripe Checkout; the balance rises once Stripe confirms the payment.</p>
          )}
          <AddFundsForm
            orgId={org.orgId}
            minUsd={microsToUsd(deps.settings.minTopUpMicros)}
            maxUsd={microsToUsd(deps.settings.maxTopUpMicros)}
          />
        </>
      ) : null}
      <h2 id="spend-title">Spend per day, last {CHART_DAYS} days (UTC)</h2>
      {spent.length === 0 ? (
        <p data-testid="spend-empty">
          Nothing spent in the last {CHART_DAYS} days. Calls and speech appear here the day they are
          charged.
        </p>
      ) : (
        <figure aria-labelledby="spend-title">
          <SpendChartLazy days={spend} />
          <details>
            <summary>The same figures as a table</summary>
            <div className="table-scroll">
              <table data-testid="spend-table">
                <caption className="visually-hidden">Spend per day with any spend</caption>
                <thead>
                  <tr>
                    <th scope="col">Day</th>
                    <th scope="col">Calls</th>
                    <th scope="col">Speech</th>
                  </tr>
                </thead>
                <tbody>
                  {spent.map((d) => (
                    <tr key={d.day} data-testid="spend-row">
                      <th scope="row">{d.day}</th>
                      <td>{money(d.calls)}</td>
                      <td>{money(d.speech)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </figure>
      )}
      {can('billing.read') ? (
        <>
          <h2>Ledger</h2>
          <p>
            <a href={`/console/api/orgs/${org.orgId}/billing/ledger/export`} download>
              Download the whole ledger as CSV
            </a>
          </p>
          {problem ? (
            <p className="form-error" role="alert">
              {problem}
            </p>
          ) : null}
          {ledger && ledger.count === 0 ? <p>No wallet changes yet.</p> : null}
          {ledger && ledger.count > 0 ? (
            <div className="table-scroll">
              <table data-testid="ledger">
                <caption className="visually-hidden">
                  Every change of the wallet, newest first
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Time</th>
                    <th scope="col">What</th>
                    <th scope="col">Amount</th>
                    <th scope="col">Balance after</th>
                    <th scope="col">Receipt</th>
                  </tr>
                </thead>
                <tbody>
                  {ledger.entries.map((row) => (
                    <tr key={row.id} data-testid="ledger-row" data-kind={row.kind}>
                      <td>{formatTime(row.time, '—', { seconds: true })}</td>
                      <td>
                        {row.kind === 'call_charge' && row.reference?.startsWith('call:') ? (
                          <Link
                            href={`${base}/calls/${row.reference.slice('call:'.length)}`}
                            prefetch={false}
                          >
                            {kindLabels.call_charge}
                          </Link>
                        ) : (
                          (kindLabels[row.kind] ?? row.kind)
                        )}
                      </td>
                      <td>{money(row.amount_usd)}</td>
                      <td>{money(row.balance_after_usd)}</td>
                      <td>
                        {row.receipt_url ? (
                          <a href={row.receipt_url} rel="noreferrer" target="_blank">
                            Stripe receipt<span className="visually-hidden"> of {row.time}</span>
                          </a>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          <nav aria-label="Pages of the ledger">
            {cursor || problem ? (
              <Link href={`${base}/billing`} prefetch={false}>
                Newest
              </Link>
            ) : null}{' '}
            {ledger?.next_cursor ? (
              <Link href={`?cursor=${ledger.next_cursor}`} prefetch={false}>
                Older rows
              </Link>
            ) : null}
          </nav>
        </>
      ) : null}
    </>
  );
}
