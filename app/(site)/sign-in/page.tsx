import type { Metadata } from 'next';
import Link from 'next/link';
import { EmailSignIn } from '@/components/account/email-sign-in';
import { PasskeySignIn } from '@/components/account/passkey-sign-in';

export const metadata: Metadata = { title: 'Sign in', robots: { index: false } };

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function SignInPage({ searchParams }: { searchParams: Search }) {
  const { next, email } = await searchParams;
  return (
    <section className="section">
      <div className="container narrow">
        <h1>Sign in</h1>
        <p>We email you a 6-digit code and a link; no password.</p>
        <EmailSignIn
          mode="sign-in"
          next={typeof next === 'string' ? next : undefined}
          initialEmail={typeof email === 'string' ? email.slice(0, 254) : ''}
        />
        <h2>Or with a passkey</h2>
        <PasskeySignIn next={typeof next === 'string' ? next : undefined} />
        <p>
          New here? <Link href="/sign-up">Create an account</Link>.
        </p>
      </div>
    </section>
  );
}
