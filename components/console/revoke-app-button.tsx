'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { postJson } from '../account/post-json';

/** Disconnects one OAuth client from the org; the console route checks the role again. */
export function RevokeAppButton({
  orgId,
  clientId,
  name,
}: {
  orgId: string;
  clientId: string;
  name: string;
}) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  return (
    <>
      <button
        className="button secondary"
        type="button"
        disabled={busy}
        aria-label={`Revoke ${name}`}
        onClick={async () => {
          if (
            !window.confirm(`Revoke ${name}? It loses access at once and must be approved again.`)
          )
            return;
          setBusy(true);
          const result = await postJson(`/console/api/orgs/${orgId}/connected-apps/revoke`, {
            client_id: clientId,
          });
          setBusy(false);
          if (!result.ok) return setMessage(result.message);
          router.refresh();
        }}
      >
        Revoke
      </button>{' '}
      <span role="status">{message}</span>
    </>
  );
}
