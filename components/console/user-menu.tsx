import Link from 'next/link';
import { SignOutButton } from '@/components/account/sign-out-button';

/** The person's menu, a disclosure that works without client JavaScript (sign out needs it). */
export function UserMenu({ email }: { email: string }) {
  return (
    <details className="user-menu">
      <summary>
        <span className="visually-hidden">Your menu: </span>
        <span className="user-email" data-testid="user-email">
          {email}
        </span>
      </summary>
      <ul>
        <li>
          <Link href="/console/account" prefetch={false}>
            Account
          </Link>
        </li>
        <li>
          <Link href="/console?list" prefetch={false}>
            All organizations
          </Link>
        </li>
        <li>
          <SignOutButton />
        </li>
      </ul>
    </details>
  );
}
