import type { Metadata } from 'next';
import Link from 'next/link';
import { OrgKeys } from '@/components/console/org-keys';
import { RoleLimits } from '@/components/console/role-limits';
import { defaultAgentScopes, roleScopes } from '@/lib/accounts/access/permissions';
import { consoleOrg } from '@/lib/console/console-org';
import { getDb } from '@/lib/composition/adapters';
import { keyJson } from '@/lib/accounts/orgs/key-json';
import { listOrgKeys } from '@/lib/accounts/orgs/list-org-keys';

export const metadata: Metadata = { title: 'API keys · Console', robots: { index: false } };
export const dynamic = 'force-dynamic';

/** The org's API keys: listed on the server (no empty table while loading), changed in dialogs. */
export default async function KeysPage({ params }: { params: Promise<{ org_id: string }> }) {
  const { org_id } = await params;
  const { org, can } = await consoleOrg(org_id, `/console/orgs/${org_id}/keys`);
  const givable = roleScopes(org.role);
  const keys = can('keys.read')
    ? (await listOrgKeys(await getDb(), org.orgId, new Date())).map(keyJson)
    : [];
  return (
    <>
      <h1>API keys</h1>
      <RoleLimits
        role={org.role}
        actions={[
          { action: 'keys.read', text: 'see the API keys' },
          { action: 'keys.manage', text: 'create, rotate or revoke keys' },
        ]}
      />
      <p>
        A key acts for this organization with the scopes it carries, never beyond what its
        maker&apos;s role allows now. Agents can also get one through{' '}
        <Link href="/console/device" prefetch={false}>
          agent approval
        </Link>
        .
      </p>
      {can('keys.read') ? (
        <OrgKeys
          orgId={org.orgId}
          keys={keys}
          scopes={givable}
          defaultScopes={defaultAgentScopes.filter((s) => givable.includes(s))}
          manage={can('keys.manage')}
        />
      ) : null}
    </>
  );
}
