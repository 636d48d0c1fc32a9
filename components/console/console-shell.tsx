import Link from 'next/link';
import type { ReactNode } from 'react';
import type { SessionUser } from '@/lib/accounts/auth/current-session';
import { UserMenu } from './user-menu';

/**
 * The console's own frame (not the marketing header): the skip link, a slim top bar with the
 * brand, the docs and the person's menu. Each page puts its own `main` (the org layout puts it
 * after the sidebar) so the skip link lands on the content, not on the navigation.
 */
export function ConsoleShell({
  user,
  children,
}: {
  user: SessionUser | null;
  children: ReactNode;
}) {
  return (
    <div className="console">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="console-top">
        <Link href="/" className="brand" prefetch={false}>
          <span className="brand-mark" aria-hidden="true" />
          Voice AI
        </Link>
        <nav aria-label="Help" className="console-help">
          <Link href="/v1/docs" prefetch={false}>
            Docs
          </Link>
        </nav>
        {user ? <UserMenu email={user.email} /> : null}
      </header>
      {children}
    </div>
  );
}

/** The `main` of a console page outside one organization (the org list, account, agent approval). */
export function ConsoleMain({ children }: { children: ReactNode }) {
  return (
    <main id="main" tabIndex={-1} className="console-solo">
      {children}
    </main>
  );
}
