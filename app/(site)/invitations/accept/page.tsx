import type { Metadata } from 'next';
import Link from 'next/link';
import { AcceptInvitation } from '@/components/account/accept-invitation';
import { currentUser } from '@/lib/auth/current-session';

export const metadata: Metadata = { title: 'Accept an invitation', robots: { index: false } };
export const dynamic = 'force-dynamic';

type Search = Promise<Record<string, string | string[] | undefined>>;

// Opening the link changes nothing: the signed-in invitee accepts with a POST.
export default async function AcceptInvitationPage({ searchParams }: { searchParams: Search }) {
  const { token } = await searchParams;
  const value = typeof token === 'string' ? token.slice(0, 200) : '';
  const user = await currentUser();
  const here = `/invitations/accept?token=${encodeURIComponent(value)}`;
  return (
    <section className="section">
      <div className="container narrow">
        <h1>Accept an invitation</h1>
        {!value ? (
          <p role="alert">This link is incomplete.</p>
        ) : user ? (
          <>
            <p>
              Signed in as <strong>{user.email}</strong>. The invitation works only for the address
              it was sent to.
            </p>
            <AcceptInvitation token={value} />
          </>
        ) : (
          <p>
            <Link href={`/sign-in?next=${encodeURIComponent(here)}`}>Sign in</Link> or{' '}
            <Link href={`/sign-up?next=${encodeURIComponent(here)}`}>create an account</Link> with
            the invited address, then accept.
          </p>
        )}
      </div>
    </section>
  );
}
