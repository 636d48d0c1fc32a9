'use client';

import { useState } from 'react';
import { postJson } from '../account/post-json';

/** "Add funds": starts the API's top-up and goes to its checkout; the console route checks the role. */
export function AddFundsForm({
  orgId,
  minUsd,
  maxUsd,
}: {
  orgId: string;
  minUsd: number;
  maxUsd: number;
}) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  return (
    <form
      className="filters"
      aria-label="Add funds"
      onSubmit={async (event) => {
        event.preventDefault();
        const amount = Number(new FormData(event.currentTarget).get('amount_usd'));
        setBusy(true);
        setMessage('');
        const result = await postJson<{ checkout_url: string }>(
          `/console/api/orgs/${orgId}/billing/top-ups`,
          { amount_usd: amount },
        );
        if (result.ok) {
          setMessage('Opening the checkout…');
          window.location.assign(result.data.checkout_url);
          return;
        }
        setBusy(false);
        setMessage(`${result.message} Change the amount and try again.`);
      }}
    >
      <label htmlFor="top-up-amount">
        Amount in US dollars ({minUsd}–{maxUsd})
        <input
          id="top-up-amount"
          name="amount_usd"
          type="number"
          inputMode="decimal"
          min={minUsd}
          max={maxUsd}
          step="0.01"
          defaultValue={Math.max(minUsd, 25)}
          required
        />
      </label>
      <button className="button" type="submit" disabled={busy}>
        Add funds
      </button>
      <span role="status">{message}</span>
    </form>
  );
}
