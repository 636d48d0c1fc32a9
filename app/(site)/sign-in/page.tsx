import type { Metadata } from 'next';
import Link from 'next/link';
import { EmailSignIn } from '@/components/account/email-sign-in';

export const metadata: Metadata = { title: 'Sign in', robots: { index: false } };

export default function SignInPage() {
  return (
    <section className="section">
      <div className="container narrow">
        <h1>Sign in</h1>
        <p>We email you a 6-digit code and a link; no password.</p>
        <EmailSignIn mode="sign-in" />
        <p>
          New here? <Link href="/sign-up">Create an account</Link>.
        </p>
      </div>
    </section>
  );
}
