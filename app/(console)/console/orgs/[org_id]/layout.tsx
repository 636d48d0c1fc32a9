import Link from 'next/link';
import type { ReactNode } from 'react';
import { ConsoleNav } from '@/components/console/console-nav';
import { OrgSwitcher } from '@/components/console/org-switcher';
import { consoleOrg, consoleOrgs } from '@/lib/console/console-org';
import { microsToUsd } from '@/lib/platform/money';

/** One organization's frame: the switcher, the balance and the sections beside the page. */
export default async function ConsoleOrgLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ org_id: string }>;
}) {
  const { org_id } = await params;
  const { user, org, can } = await consoleOrg(org_id, `/console/orgs/${org_id}/calls`);
  const orgs = await consoleOrgs(user.id);
  return (
    <div className="console-frame">
      <aside className="console-side" aria-label="Organization">
        <OrgSwitcher current={org} orgs={orgs} />
        {can('billing.read') ? (
          <p className="console-balance">
            Balance{' '}
            <strong data-testid="shell-balance">
              ${microsToUsd(org.balanceMicros).toFixed(2)}
            </strong>
            {can('billing.manage') ? (
              <>
                {' '}
                <Link
                  className="button secondary small"
                  href={`/console/orgs/${org.orgId}/billing#add-funds`}
                  prefetch={false}
                >
                  Add funds
                </Link>
              </>
            ) : null}
          </p>
        ) : null}
        <ConsoleNav orgId={org.orgId} />
      </aside>
      <main id="main" tabIndex={-1} className="console-page">
        {children}
      </main>
    </div>
  );
}
