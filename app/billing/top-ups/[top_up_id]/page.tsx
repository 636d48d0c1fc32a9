// Where a checkout returns: the top-up's state and the wallet and limits it led to.
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { getTopUpView } from '@/lib/wallet/billing/get-top-up';
import { getDb } from '@/lib/composition/adapters';
import { isUuid } from '@/lib/platform/http';
import { SandboxBanner } from '../../sandbox-banner';

export const metadata: Metadata = { title: 'Top-up', robots: { index: false } };

const said = { open: 'waiting for payment', paid: 'paid', declined: 'declined' } as const;

export default async function TopUpPage(props: { params: Promise<{ top_up_id: string }> }) {
  await connection();
  const { top_up_id: id } = await props.params;
  const topUp = isUuid(id) ? await getTopUpView(await getDb(), id) : null;
  if (!topUp) notFound();
  return (
    <main id="main" className="section container narrow">
      {topUp.provider === 'sandbox' ? <SandboxBanner /> : null}
      <h1>
        Top-up of ${topUp.amountUsd.toFixed(2)}:{' '}
        <span data-testid="top-up-status">{said[topUp.status]}</span>
      </h1>
      {topUp.status === 'open' && topUp.provider === 'stripe' ? (
        <p>Stripe confirms the payment in a moment; reload this page.</p>
      ) : null}
      <dl>
        <dt>Balance</dt>
        <dd data-testid="balance">${topUp.balanceUsd.toFixed(2)}</dd>
        {topUp.owedUsd > 0 ? (
          <>
            <dt>Owed</dt>
            <dd>${topUp.owedUsd.toFixed(2)}</dd>
          </>
        ) : null}
        <dt>Concurrent speech generations</dt>
        <dd data-testid="concurrency">{topUp.limits.concurrency}</dd>
        <dt>Instant voice clones</dt>
        <dd>{topUp.limits.instant_clones}</dd>
      </dl>
      <p>
        <Link className="button" href={`/console/orgs/${topUp.orgId}/billing`} prefetch={false}>
          Back to billing
        </Link>
      </p>
    </main>
  );
}
