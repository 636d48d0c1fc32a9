import type { ReactNode } from 'react';
import { ConsoleNav } from '@/components/console/console-nav';
import { OrgSwitcher } from '@/components/console/org-switcher';
import { consoleOrg } from '@/lib/console/console-org';
import '../../console.css';

/** The console shell around every page of one organization: its navigation and the org switcher. */
export default async function ConsoleOrgLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ org_id: string }>;
}) {
  const { org_id } = await params;
  const { org, orgs, user } = await consoleOrg(org_id, `/console/orgs/${org_id}/calls`);
  return (
    <div className="console">
      <div className="container console-bar">
        <OrgSwitcher current={org} orgs={orgs} />
        <p className="console-user">
          {user.email} · <span data-testid="console-role">{org.role}</span>
        </p>
      </div>
      <div className="container console-body">
        <ConsoleNav orgId={org.orgId} />
        <div className="console-page">{children}</div>
      </div>
    </div>
  );
}
