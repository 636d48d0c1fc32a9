'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { postJson } from './post-json';

/** The mailed link's page: only this POST uses the code (a mail scanner's GET changes nothing). */
export function ContinueSignIn({ email, code }: { email: string; code: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onContinue() {
    setBusy(true);
    setError(null);
    const result = await postJson('/auth/sign-in/email-otp', { email, otp: code });
    setBusy(false);
    if (!result.ok) return setError(result.message);
    router.push('/console');
    router.refresh();
  }

  return (
    <div className="form-card form-grid">
      <p>
        Continue as <strong>{email}</strong>.
      </p>
      {error ? (
        <p className="form-error" role="alert" data-testid="form-error">
          {error} <a href="/sign-in">Ask for a new code</a>.
        </p>
      ) : null}
      <div>
        <button className="button" type="button" onClick={onContinue} disabled={busy}>
          {busy ? 'Signing in…' : 'Continue'}
        </button>
      </div>
    </div>
  );
}
