'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { authClient } from './auth-client';
import { goAfterSignIn } from './go-after-sign-in';

/** Sign in with a passkey this browser or a security key holds (WebAuthn). */
export function PasskeySignIn({ next }: { next?: string }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="form-card form-grid">
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div>
        <button
          className="button"
          type="button"
          onClick={async () => {
            setError(null);
            const result = await authClient.signIn.passkey();
            if (result.error) return setError('No passkey signed you in. Try the emailed code.');
            goAfterSignIn(router, next);
          }}
        >
          Sign in with a passkey
        </button>
      </div>
    </div>
  );
}
