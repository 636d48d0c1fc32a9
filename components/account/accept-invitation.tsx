'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { postJson } from './post-json';

export function AcceptInvitation({ token }: { token: string }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
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
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            const result = await postJson('/console/api/invitations/accept', { token });
            setBusy(false);
            if (!result.ok) return setError(result.message);
            router.push('/console');
            router.refresh();
          }}
        >
          Accept the invitation
        </button>
      </div>
    </div>
  );
}
