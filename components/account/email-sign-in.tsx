'use client';

import { useRouter } from 'next/navigation';
import { useRef, useState, type FormEvent } from 'react';
import { goAfterSignIn } from './go-after-sign-in';
import { postJson } from './post-json';

/** Email sign-in or sign-up: ask for a code, then type it (or follow the mailed link). */
export function EmailSignIn({
  mode,
  next,
  initialEmail = '',
}: {
  mode: 'sign-in' | 'sign-up';
  next?: string;
  /** Filled in from the link that led here (an invitation names its address). */
  initialEmail?: string;
}) {
  const router = useRouter();
  const [email, setEmail] = useState(initialEmail);
  const [name, setName] = useState('');
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);

  async function sendCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const result = await postJson('/auth/email-otp/send-verification-otp', {
      email,
      type: 'sign-in',
    });
    setBusy(false);
    if (!result.ok) return setError(result.message);
    setStep('code');
    requestAnimationFrame(() => statusRef.current?.focus());
  }

  async function verify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const otp = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    setBusy(true);
    setError(null);
    const result = await postJson('/auth/sign-in/email-otp', {
      email,
      otp,
      ...(mode === 'sign-up' && name ? { name } : {}),
    });
    setBusy(false);
    if (!result.ok) return setError(result.message);
    goAfterSignIn(router, next);
  }

  const errorLine = error ? (
    <p className="form-error" role="alert" data-testid="form-error">
      {error}
    </p>
  ) : null;

  // Distinct keys: without them React keeps the email <input> for the code box, email and all.
  if (step === 'code') {
    return (
      <form
        key="code"
        className="form-card form-grid"
        onSubmit={verify}
        aria-label="Enter your code"
      >
        <p role="status" tabIndex={-1} ref={statusRef}>
          If <strong>{email}</strong> can receive mail, a 6-digit code and a link are on their way.
          They work once and expire in 15 minutes.
        </p>
        {errorLine}
        <div className="field">
          <label htmlFor="code">6-digit code</label>
          <input
            id="code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            required
          />
        </div>
        <div>
          <button className="button" type="submit" disabled={busy}>
            {busy ? 'Checking…' : 'Continue'}
          </button>
        </div>
      </form>
    );
  }

  return (
    <form
      key="email"
      className="form-card form-grid"
      onSubmit={sendCode}
      aria-label={mode === 'sign-up' ? 'Sign up' : 'Sign in'}
    >
      {errorLine}
      {mode === 'sign-up' ? (
        <div className="field">
          <label htmlFor="name">Your name</label>
          <input
            id="name"
            name="name"
            autoComplete="name"
            maxLength={100}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
      ) : null}
      <div className="field">
        <label htmlFor="email">Email</label>
        <input
          id="email"
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>
      <div>
        <button className="button" type="submit" disabled={busy}>
          {busy ? 'Sending…' : 'Email me a code'}
        </button>
      </div>
    </form>
  );
}
