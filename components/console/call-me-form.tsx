'use client';

import Link from 'next/link';
import { useState } from 'react';
import { postJson } from '../account/post-json';

/**
 * "Call me": the agent calls the number typed here, as POST /v1/calls with its agent_id would
 * (sandbox test numbers on the sandbox line; a real phone with a carrier and a paid deposit).
 */
export function CallMeForm({ orgId, agentId }: { orgId: string; agentId: string }) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ callId?: string; message?: string }>({});
  return (
    <form
      className="form-grid"
      aria-label="Call me"
      onSubmit={async (event) => {
        event.preventDefault();
        const phone = String(new FormData(event.currentTarget).get('phone_number') ?? '');
        setBusy(true);
        const placed = await postJson<{ call_id: string }>(
          `/console/api/orgs/${orgId}/agents/${agentId}/call`,
          { phone_number: phone },
        );
        setBusy(false);
        setResult(placed.ok ? { callId: placed.data.call_id } : { message: placed.message });
      }}
    >
      <div className="field">
        <label htmlFor="call-me-number">Your phone number (E.164)</label>
        <input
          id="call-me-number"
          name="phone_number"
          type="tel"
          required
          placeholder="+14155550123"
        />
      </div>
      <p>
        <button className="button" type="submit" disabled={busy}>
          Call me
        </button>{' '}
        <span role="status">
          {result.callId ? (
            <Link href={`/console/orgs/${orgId}/calls/${result.callId}`} prefetch={false}>
              Follow the call
            </Link>
          ) : (
            result.message
          )}
        </span>
      </p>
    </form>
  );
}
