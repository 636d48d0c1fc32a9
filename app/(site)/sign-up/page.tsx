import type { Metadata } from 'next';
import Link from 'next/link';
import { EmailSignIn } from '@/components/account/email-sign-in';

export const metadata: Metadata = { title: 'Sign up' };

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function SignUpPage({ searchParams }: { searchParams: Search }) {
  const { next, email } = await searchParams;
  return (
    <section className="section">
      <div className="container narrow">
        <h1>Create your account</h1>
        <p>
          Your account comes with an organization of your own and a starting credit. We email you a
          6-digit code and a link; no password.
        </p>
        <EmailSignIn
          mode="sign-up"
          next={typeof next === 'string' ? next : undefined}
          initialEmail={typeof email === 'string' ? email.slice(0, 254) : ''}
        />
        <p>
          Have an account? <Link href="/sign-in">Sign in</Link>.
        </p>
      </div>
    </section>
  );
}
