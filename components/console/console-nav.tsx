'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';

/** Every section of one organization; the one being viewed (or a page inside it) is marked. */
export function ConsoleNav({ orgId }: { orgId: string }) {
  const pathname = usePathname();
  const base = `/console/orgs/${orgId}`;
  const sections = [
    { href: base, label: 'Overview' },
    { href: `${base}/calls`, label: 'Calls' },
    { href: `${base}/batches`, label: 'Batches' },
    { href: `${base}/agents`, label: 'Agents' },
    { href: `${base}/numbers`, label: 'Phone numbers' },
    { href: `${base}/rules`, label: 'Calling rules' },
    { href: `${base}/voices`, label: 'Voice studio' },
    { href: `${base}/webhooks`, label: 'Webhooks' },
    { href: `${base}/keys`, label: 'API keys' },
    { href: `${base}/members`, label: 'Members' },
    { href: `${base}/billing`, label: 'Usage and billing' },
    { href: `${base}/limits`, label: 'Limits' },
    { href: `${base}/audit`, label: 'Audit log' },
    { href: `${base}/connected-apps`, label: 'Connected apps' },
    { href: `${base}/settings`, label: 'Settings' },
  ];
  // The overview is the org's own path: only itself, not every page under it.
  const current = (href: string) =>
    pathname === href || (href !== base && pathname.startsWith(`${href}/`));
  return (
    <nav className="console-nav" aria-label="Console">
      <ul>
        {sections.map((section) => (
          <li key={section.href}>
            <Link
              href={section.href}
              prefetch={false}
              aria-current={current(section.href) ? 'page' : undefined}
            >
              {section.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
