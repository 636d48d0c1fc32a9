import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { ConsoleMain } from '@/components/console/console-shell';
import { roleAllows } from '@/lib/accounts/access/permissions';
import { consoleUser } from '@/lib/console/console-org';
import { getDb } from '@/lib/composition/adapters';
import { listMemberOrgs } from '@/lib/accounts/orgs/list-member-orgs';
import { microsToUsd } from '@/lib/platform/money';

export const metadata: Metadata = { title: 'Console', robots: { index: false } };
export const dynamic = 'force-dynamic';

/**
 * Where sign-in lands. A person in one organization goes straight to its Overview; with several
 * (or asked for the list with `?list`, as the person's menu does) the organizations, each opening
 * its own console.
 */
export default async function ConsolePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await consoleUser();
  if (!user) redirect('/sign-in');
  const orgs = await listMemberOrgs(await getDb(), user.id);
  const [only] = orgs;
  if (orgs.length === 1 && only && (await searchParams).list === undefined) {
    redirect(`/console/orgs/${only.orgId}`);
  }
  return (
    <ConsoleMain>
      <h1>Console</h1>
      <p data-testid="signed-in-as">
        Signed in as <strong>{user.name || user.email}</strong> ({user.email})
      </p>
      <h2>Your organizations</h2>
      <ul className="org-list">
        {orgs.map((org) => (
          <li key={org.orgId} data-testid="org-row">
            <Link href={`/console/orgs/${org.orgId}`} prefetch={false}>
              {org.name}
            </Link>{' '}
            <span className="meta">
              your role: <span data-testid="org-role">{org.role}</span>
              {roleAllows(org.role, 'billing.read')
                ? ` · balance $${microsToUsd(org.balanceMicros).toFixed(2)}`
                : ''}
            </span>
            <br />
            <span className="meta">
              Id <code>{org.orgId}</code>
            </span>
          </li>
        ))}
      </ul>
      <p>
        Keys, members and the audit log are on each organization&apos;s pages; passkeys and sessions
        on <Link href="/console/account">your account</Link>. Approving an agent? Open{' '}
        <a href="/console/device">the agent approval page</a> with the code it shows.
      </p>
    </ConsoleMain>
  );
}
