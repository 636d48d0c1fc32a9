import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { AccountSecurity } from '@/components/account/account-security';
import { SignOutEverywhere } from '@/components/account/sign-out-everywhere';
import { ConsoleMain } from '@/components/console/console-shell';
import { consoleUser } from '@/lib/console/console-org';

export const metadata: Metadata = { title: 'Your account', robots: { index: false } };
export const dynamic = 'force-dynamic';

/** The person's own security: passkeys, the sessions signed in as them, signing out everywhere. */
export default async function AccountPage() {
  const user = await consoleUser();
  if (!user) redirect('/sign-in?next=%2Fconsole%2Faccount');
  return (
    <ConsoleMain>
      <h1>Your account</h1>
      <p>
        Signed in as <strong>{user.name || user.email}</strong> ({user.email})
      </p>
      <AccountSecurity />
      <h2>Sign out everywhere</h2>
      <p>Ends every session of yours, this one included: each browser must sign in again.</p>
      <SignOutEverywhere />
    </ConsoleMain>
  );
}
