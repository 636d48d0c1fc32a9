import Link from 'next/link';
import type { MemberOrg } from '@/lib/orgs/list-member-orgs';

/** The current organization and, without client JavaScript, a disclosure listing the others. */
export function OrgSwitcher({ current, orgs }: { current: MemberOrg; orgs: MemberOrg[] }) {
  const others = orgs.filter((o) => o.orgId !== current.orgId);
  return (
    <div className="org-switcher">
      <p>
        Organization: <strong data-testid="current-org">{current.name}</strong>
      </p>
      {others.length > 0 ? (
        <details>
          <summary>Switch organization</summary>
          <ul>
            {others.map((org) => (
              <li key={org.orgId}>
                <Link href={`/console/orgs/${org.orgId}/calls`} prefetch={false}>
                  {org.name} ({org.role})
                </Link>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
