'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { postJson } from './post-json';

/** Revokes every session of the person (better-auth's revoke-sessions), then goes to sign-in. */
export function SignOutEverywhere() {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <button
        className="button secondary"
        type="button"
        onClick={async () => {
          const result = await postJson('/auth/revoke-sessions', {});
          if (!result.ok) return setError(result.message);
          router.push('/sign-in');
          router.refresh();
        }}
      >
        Sign out everywhere
      </button>
    </>
  );
}
