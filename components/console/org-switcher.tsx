import Link from 'next/link';
import type { MemberOrg } from '@/lib/accounts/orgs/list-member-orgs';

/** The current organization and, without client JavaScript, every org the person belongs to. */
export function OrgSwitcher({ current, orgs }: { current: MemberOrg; orgs: MemberOrg[] }) {
  return (
    <details className="org-switcher">
      <summary>
        <span className="visually-hidden">Organization: </span>
        <strong data-testid="current-org">{current.name}</strong>{' '}
        <span className="meta" data-testid="console-role">
          {current.role}
        </span>
      </summary>
      <ul aria-label="Your organizations">
        {orgs.map((org) => (
          <li key={org.orgId}>
            <Link
              href={`/console/orgs/${org.orgId}`}
              prefetch={false}
              aria-current={org.orgId === current.orgId ? 'true' : undefined}
            >
              {org.name} <span className="meta">({org.role})</span>
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}
