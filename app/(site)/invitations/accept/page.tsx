import type { Metadata } from 'next';
import Link from 'next/link';
import { AcceptInvitation } from '@/components/account/accept-invitation';
import { currentUser } from '@/lib/accounts/auth/current-session';
import { getDb } from '@/lib/composition/adapters';
import { findInvitation } from '@/lib/accounts/members/find-invitation';

export const metadata: Metadata = { title: 'Accept an invitation', robots: { index: false } };
export const dynamic = 'force-dynamic';

type Search = Promise<Record<string, string | string[] | undefined>>;

// Opening the link changes nothing: the signed-in invitee accepts with a POST.
export default async function AcceptInvitationPage({ searchParams }: { searchParams: Search }) {
  const { token } = await searchParams;
  const value = typeof token === 'string' ? token.slice(0, 200) : '';
  const [user, invitation] = await Promise.all([
    currentUser(),
    value ? findInvitation(await getDb(), value, new Date()) : null,
  ]);
  const here = `/invitations/accept?token=${encodeURIComponent(value)}`;
  const withEmail = invitation ? `&email=${encodeURIComponent(invitation.email)}` : '';
  return (
    <section className="section">
      <div className="container narrow">
        <h1>Accept an invitation</h1>
        {!value ? (
          <p role="alert">This link is incomplete.</p>
        ) : !invitation ? (
          <p role="alert">
            This invitation is unknown, used, revoked or expired: ask whoever invited you to send it
            again.
          </p>
        ) : (
          <>
            <p data-testid="invitation-summary">
              {invitation.inviter} invites <strong>{invitation.email}</strong> to join{' '}
              <strong>{invitation.orgName}</strong> as <strong>{invitation.role}</strong>.
            </p>
            {user ? (
              <>
                <p>
                  Signed in as <strong>{user.email}</strong>. The invitation works only for the
                  address it was sent to.
                </p>
                <AcceptInvitation token={value} />
              </>
            ) : (
              <p>
                <Link href={`/sign-in?next=${encodeURIComponent(here)}${withEmail}`}>Sign in</Link>{' '}
                or{' '}
                <Link href={`/sign-up?next=${encodeURIComponent(here)}${withEmail}`}>
                  create an account
                </Link>{' '}
                with {invitation.email}, then accept.
              </p>
            )}
          </>
        )}
      </div>
    </section>
  );
}
