'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { postJson } from '../account/post-json';

/** "Replay" one call's webhook or all failed ones on the page; the console route checks the role. */
export function ReplayWebhooks({
  orgId,
  callIds,
  label,
}: {
  orgId: string;
  callIds: string[];
  label: string;
}) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  return (
    <span className="replay">
      <button
        className="button secondary"
        type="button"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          const result = await postJson<{ queued: string[] }>(
            `/console/api/orgs/${orgId}/webhooks/resend`,
            { call_ids: callIds },
          );
          setBusy(false);
          setMessage(
            result.ok
              ? `${result.data.queued.length} new ${result.data.queued.length === 1 ? 'delivery' : 'deliveries'} queued.`
              : result.message,
          );
          if (result.ok) router.refresh();
        }}
      >
        {label}
      </button>{' '}
      <span role="status">{message}</span>
    </span>
  );
}
