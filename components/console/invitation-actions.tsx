'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { send } from '@/components/account/post-json';
import { formatTime } from '@/lib/console/format-time';
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
  // A resend replaces the invitation (a new id). The row keeps acting on the new one without a
  // refresh: a refreshed row is a new row (its key is the id), which would close a Revoke dialog
  // opened meanwhile, or let that Revoke reach the closed invitation.
  const [currentId, setCurrentId] = useState(invitationId);
  const path = `/console/api/orgs/${orgId}/invitations/${currentId}`;
  return (
    <div className="row-actions">
      <button
        className="button secondary small"
        type="button"
        onClick={async () => {
          const result = await send<{ invitation_id: string; expires_at: string }>(
            `${path}/resend`,
            { method: 'POST' },
          );
          if (result.ok) setCurrentId(result.data.invitation_id);
          setMessage(
            result.ok
              ? `A new link was sent to ${email}; it works until ${formatTime(result.data.expires_at)}.`
              : result.message,
          );
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
