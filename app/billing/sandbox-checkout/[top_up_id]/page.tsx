// The sandbox checkout (no Stripe configured): Pay or Decline a top-up; no money moves.
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { getTopUpView } from '@/lib/wallet/billing/get-top-up';
import { getDb } from '@/lib/composition/adapters';
import { isUuid } from '@/lib/platform/http';
import { SandboxBanner } from '../../sandbox-banner';

export const metadata: Metadata = { title: 'Sandbox checkout', robots: { index: false } };

export default async function SandboxCheckoutPage(props: {
  params: Promise<{ top_up_id: string }>;
}) {
  await connection();
  const { top_up_id: id } = await props.params;
  const topUp = isUuid(id) ? await getTopUpView(await getDb(), id) : null;
  if (!topUp || topUp.provider !== 'sandbox') notFound();
  return (
    <main id="main" className="section container narrow">
      <SandboxBanner />
      <h1>
        Add ${topUp.amountUsd.toFixed(2)} to {topUp.orgName}
      </h1>
      {topUp.status === 'open' ? (
        <form method="post" action={`/v1/billing/sandbox-checkout/${topUp.id}`}>
          <p>This is the sandbox checkout: Pay credits the wallet as a real payment would.</p>
          <p className="button-row">
            <button className="button" type="submit" name="action" value="pay">
              Pay
            </button>{' '}
            <button className="button secondary" type="submit" name="action" value="decline">
              Decline
            </button>
          </p>
        </form>
      ) : (
        <p>
          This checkout is {topUp.status}.{' '}
          <Link href={`/console/orgs/${topUp.orgId}/billing`} prefetch={false}>
            Back to billing
          </Link>
        </p>
      )}
    </main>
  );
}
