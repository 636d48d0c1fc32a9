import type { Metadata } from 'next';
import { RenameOrgForm } from '@/components/console/rename-org-form';
import { RoleLimits } from '@/components/console/role-limits';
import { consoleOrg } from '@/lib/console/console-org';

export const metadata: Metadata = { title: 'Settings · Console', robots: { index: false } };
export const dynamic = 'force-dynamic';

/** The organization's own settings (its name today); every change is in the audit log. */
export default async function SettingsPage({ params }: { params: Promise<{ org_id: string }> }) {
  const { org_id } = await params;
  const { org, can } = await consoleOrg(org_id, `/console/orgs/${org_id}/settings`);
  return (
    <>
      <h1>Settings</h1>
      <h2>Organization</h2>
      <p>
        Id: <code>{org.orgId}</code>
      </p>
      <RoleLimits role={org.role} actions={[{ action: 'org.update', text: 'rename it' }]} />
      {can('org.update') ? (
        <RenameOrgForm orgId={org.orgId} name={org.name} />
      ) : (
        <p data-testid="org-name">Name: {org.name}</p>
      )}
    </>
  );
}
