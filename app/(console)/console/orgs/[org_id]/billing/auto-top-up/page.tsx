import type { Metadata } from 'next';
import { AutoTopUpForm } from '@/components/console/auto-top-up-form';
import { RoleLimits } from '@/components/console/role-limits';
import { readAutoTopUp } from '@/lib/wallet/billing/auto-top-up/read-auto-top-up';
import { consoleOrg } from '@/lib/console/console-org';
import { getDb } from '@/lib/composition/adapters';
import { getPaymentProvider } from '@/lib/composition/adapters';
import { formatTime } from '@/lib/console/format-time';

export const metadata: Metadata = { title: 'Auto top-up · Console', robots: { index: false } };
export const dynamic = 'force-dynamic';

const usd = (n: number) => `$${n.toFixed(2)}`;

export default async function AutoTopUpPage({ params }: { params: Promise<{ org_id: string }> }) {
  const { org_id } = await params;
  const { org, can } = await consoleOrg(org_id, `/console/orgs/${org_id}/billing/auto-top-up`);
  const provider = getPaymentProvider().kind;
  const state = await readAutoTopUp(await getDb(), { orgId: org.orgId, provider, now: new Date() });
  const s = state.settings;
  return (
    <>
      <h1>Auto top-up and low-balance mail</h1>
      {provider === 'sandbox' ? (
        <p role="note" data-testid="sandbox-card" className="sandbox-note">
          <strong>Sandbox card — no money moves.</strong> This deployment has no Stripe account:
          recharges use a sandbox card that always pays, so you can try the rules for free.
        </p>
      ) : (
        <p>
          Recharges charge the card saved at your last Checkout top-up, without you present. If your
          bank asks for you, we mail the owners a link to pay the same amount instead.
        </p>
      )}
      <p data-testid="auto-top-up-balance">
        Balance now: <strong>{usd(state.balance_usd)}</strong>. Auto top-up is{' '}
        <strong data-testid="auto-top-up-state">{s?.enabled ? 'on' : 'off'}</strong>
        {s && s.consecutive_failures > 0 ? ` (${s.consecutive_failures} declines in a row)` : ''}.
      </p>
      <h2>The rules</h2>
      <ul>
        <li>A recharge starts after a charge leaves the balance under the threshold.</li>
        <li>
          At most {state.max_recharges_per_day} attempts a day (UTC; {state.recharges_today} today),
          and never past the monthly cap ({usd(state.charged_this_month_usd)} this month).
        </li>
        <li>Three declines in a row turn auto top-up off; every owner is mailed.</li>
        <li>The low-balance mail goes out once each time the balance crosses under its mark.</li>
      </ul>
      <h2>Settings</h2>
      <RoleLimits
        role={org.role}
        actions={[{ action: 'billing.auto_top_up', text: 'change auto top-up (owners only)' }]}
      />
      {can('billing.auto_top_up') ? (
        <AutoTopUpForm
          orgId={org.orgId}
          balanceUsd={state.balance_usd}
          initial={{
            enabled: s?.enabled ?? false,
            threshold_usd: s?.threshold_usd ?? 5,
            amount_usd: s?.amount_usd ?? 20,
            monthly_cap_usd: s?.monthly_cap_usd ?? 100,
            low_balance_usd: s?.low_balance_usd ?? null,
          }}
        />
      ) : s ? (
        <p>
          Under {usd(s.threshold_usd)}, add {usd(s.amount_usd)}, at most {usd(s.monthly_cap_usd)} a
          month.
          {s.low_balance_usd === null ? '' : ` Low-balance mail under ${usd(s.low_balance_usd)}.`}
        </p>
      ) : (
        <p>Not set up.</p>
      )}
      <h2>Latest attempts</h2>
      {state.attempts.length === 0 ? (
        <p>None yet.</p>
      ) : (
        <div className="table-scroll">
          <table data-testid="auto-top-up-attempts">
            <caption className="visually-hidden">Latest auto top-up attempts</caption>
            <thead>
              <tr>
                <th scope="col">Started</th>
                <th scope="col">Amount</th>
                <th scope="col">Outcome</th>
              </tr>
            </thead>
            <tbody>
              {state.attempts.map((a) => (
                <tr key={a.attempt_id} data-testid="auto-top-up-attempt">
                  <td>{formatTime(a.time)}</td>
                  <td>{usd(a.amount_usd)}</td>
                  <td>{a.failure ? `${a.status} (${a.failure})` : a.status}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
