'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { postJson } from '../account/post-json';

const limits = [
  ['concurrency', 'Concurrent generations'],
  ['instant_clones', 'Instant voice clones'],
  ['live_clones', 'Live professional clones'],
  ['concurrent_calls', 'Concurrent calls'],
] as const;

/** The request-a-raise form; the console route checks the role and the fields again. */
export function RaiseRequestForm({ orgId }: { orgId: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  return (
    <form
      className="form-grid"
      aria-label="Request a raise"
      onSubmit={async (event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        setBusy(true);
        const result = await postJson(`/console/api/orgs/${orgId}/limits/raise-requests`, {
          limit: form.get('limit'),
          wanted: Number(form.get('wanted')),
          expected_volume: form.get('expected_volume'),
          reason: form.get('reason'),
        });
        setBusy(false);
        setMessage(
          result.ok
            ? 'Sent. Our team answers by e-mail; the request is listed below.'
            : result.message,
        );
        if (result.ok) router.refresh();
      }}
    >
      <div className="field">
        <label htmlFor="raise-limit">Limit</label>
        <select id="raise-limit" name="limit" required>
          {limits.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="raise-wanted">Wanted value</label>
        <input id="raise-wanted" name="wanted" type="number" min={1} max={100000} required />
      </div>
      <div className="field">
        <label htmlFor="raise-volume">Expected volume</label>
        <input id="raise-volume" name="expected_volume" maxLength={500} required />
      </div>
      <div className="field">
        <label htmlFor="raise-reason">Reason</label>
        <textarea id="raise-reason" name="reason" maxLength={2000} required />
      </div>
      <p>
        <button className="button" type="submit" disabled={busy}>
          Request a raise
        </button>{' '}
        <span role="status">{message}</span>
      </p>
    </form>
  );
}
