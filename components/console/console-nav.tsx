import Link from 'next/link';

/** The console's sections for one organization (each page itself says what the role cannot do). */
export function ConsoleNav({ orgId }: { orgId: string }) {
  const sections = [
    { href: `/console/orgs/${orgId}/calls`, label: 'Calls' },
    { href: `/console/orgs/${orgId}/batches`, label: 'Batches' },
    { href: `/console/orgs/${orgId}/webhooks`, label: 'Webhooks' },
    { href: `/console/orgs/${orgId}/limits`, label: 'Limits' },
    { href: `/console/orgs/${orgId}/billing`, label: 'Usage and billing' },
    { href: `/console/orgs/${orgId}/voices`, label: 'Voice studio' },
    { href: `/console/orgs/${orgId}/audit`, label: 'Audit log' },
    { href: `/console/orgs/${orgId}/connected-apps`, label: 'Connected apps' },
    { href: `/console/orgs/${orgId}/settings`, label: 'Settings' },
    { href: '/console', label: 'Keys, members and audit log' },
  ];
  return (
    <nav className="console-nav" aria-label="Console">
      <ul>
        {sections.map((section) => (
          <li key={section.href}>
            <Link href={section.href} prefetch={false}>
              {section.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
