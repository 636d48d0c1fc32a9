import type { Metadata } from 'next';
import Link from 'next/link';
import { ContinueSignIn } from '@/components/account/continue-sign-in';

export const metadata: Metadata = { title: 'Continue signing in', robots: { index: false } };

type Search = Promise<Record<string, string | string[] | undefined>>;

// Opening this page (as mail scanners do) uses nothing: only its Continue button POSTs the code.
export default async function VerifyPage({ searchParams }: { searchParams: Search }) {
  const query = await searchParams;
  const email = typeof query.email === 'string' ? query.email.slice(0, 254) : '';
  const code = typeof query.code === 'string' ? query.code.slice(0, 12) : '';
  return (
    <section className="section">
      <div className="container narrow">
        <h1>Continue signing in</h1>
        {email && code ? (
          <ContinueSignIn email={email} code={code} />
        ) : (
          <p>
            This link is incomplete. <Link href="/sign-in">Ask for a new code</Link>.
          </p>
        )}
      </div>
    </section>
  );
}
