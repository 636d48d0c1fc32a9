'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { postJson } from '../account/post-json';

const labels = {
  stop: { button: 'Stop call', done: 'The call was stopped.', path: 'stop' },
  resend: { button: 'Send again', done: 'A new delivery is queued.', path: 'webhooks/resend' },
} as const;

/** "Stop call" or "Send again" on a call page; the console route checks the role again. */
export function CallActions({
  orgId,
  callId,
  action,
  open = true,
}: {
  orgId: string;
  callId: string;
  action: keyof typeof labels;
  /** False hides the button but keeps the outcome of the last press readable. */
  open?: boolean;
}) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const label = labels[action];
  return (
    <p>
      {open ? (
        <button
          className="button"
          type="button"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            const result = await postJson(
              `/console/api/orgs/${orgId}/calls/${callId}/${label.path}`,
              {},
            );
            setBusy(false);
            setMessage(result.ok ? label.done : result.message);
            router.refresh();
          }}
        >
          {label.button}
        </button>
      ) : null}{' '}
      <span role="status">{message}</span>
    </p>
  );
}
