'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { send } from '@/components/account/post-json';
import { ConfirmButton } from './confirm-button';

/** A pending invitation's actions: mail a fresh link (7 days again), or revoke it. */
export function InvitationActions({
  orgId,
  invitationId,
  email,
}: {
  orgId: string;
  invitationId: string;
  email: string;
}) {
  const router = useRouter();
  const [message, setMessage] = useState<string | null>(null);
  const path = `/console/api/orgs/${orgId}/invitations/${invitationId}`;
  return (
    <div className="row-actions">
      <button
        className="button secondary small"
        type="button"
        onClick={async () => {
          const result = await send(`${path}/resend`, { method: 'POST' });
          setMessage(result.ok ? `A new link was sent to ${email}.` : result.message);
          router.refresh();
        }}
      >
        Resend<span className="visually-hidden"> the invitation of {email}</span>
      </button>
      <ConfirmButton
        label={
          <>
            Revoke<span className="visually-hidden"> the invitation of {email}</span>
          </>
        }
        title={`Revoke the invitation of ${email}?`}
        confirmLabel="Revoke invitation"
        danger
        onConfirm={async () => {
          const result = await send(path, { method: 'DELETE' });
          if (!result.ok) return result.message;
          router.refresh();
          return null;
        }}
      >
        <p>The link mailed to them stops working.</p>
      </ConfirmButton>
      {message ? <p role="status">{message}</p> : null}
    </div>
  );
}
