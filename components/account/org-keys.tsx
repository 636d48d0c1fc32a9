'use client';

import { useEffect, useState, type FormEvent } from 'react';
import { postJson } from './post-json';
import { capCentsFrom, formatUsd, SpendCapField } from './spend-cap-field';

interface Key {
  key_id: string;
  prefix: string;
  name: string | null;
  scopes: string[] | null;
  expires_at: string | null;
  last_used_at: string | null;
  previous_secret_valid_until: string | null;
  agent_client_name: string | null;
  monthly_spend_cap_cents: number | null;
  month_spend_usd: number;
}

/** "$1.20 of $5.00" against a cap, or the spend alone. */
function monthSpend(key: Key): string {
  const spent = formatUsd(key.month_spend_usd);
  return key.monthly_spend_cap_cents === null
    ? `${spent} (no cap)`
    : `${spent} of ${formatUsd(key.monthly_spend_cap_cents / 100)}`;
}

/**
 * An org's keys: create (name, scopes, expiry, monthly spend cap), change a cap, rotate with
 * grace, revoke. A secret shows once.
 */
export function OrgKeys({ orgId, scopes }: { orgId: string; scopes: readonly string[] }) {
  const base = `/console/api/orgs/${orgId}/keys`;
  const [keys, setKeys] = useState<Key[]>([]);
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  // Bumped after each change: the effect below reloads the list.
  const [version, setVersion] = useState(0);
  const load = async () => setVersion((v) => v + 1);
  useEffect(() => {
    let live = true;
    fetch(base, { credentials: 'same-origin' })
      .then((response) => (response.ok ? (response.json() as Promise<{ keys: Key[] }>) : null))
      .then((body) => {
        if (live && body) setKeys(body.keys);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [base, version]);

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const days = Number(form.get('expires_in_days') || 0);
    const cap = capCentsFrom(form);
    const result = await postJson<{ api_key: string }>(base, {
      name: String(form.get('name') ?? ''),
      scopes: form.getAll('scopes').map(String),
      ...(days > 0 ? { expires_in_days: days } : {}),
      ...(cap === null ? {} : { monthly_spend_cap_cents: cap }),
    });
    if (!result.ok) return setError(result.message);
    setError(null);
    setSecret(result.data.api_key);
    await load();
  }

  async function setCap(event: FormEvent<HTMLFormElement>, keyId: string) {
    event.preventDefault();
    const result = await postJson(
      `${base}/${keyId}`,
      { monthly_spend_cap_cents: capCentsFrom(new FormData(event.currentTarget)) },
      'PATCH',
    );
    if (!result.ok) return setError(result.message);
    setError(null);
    await load();
  }

  async function rotate(keyId: string) {
    const hours = Number(window.prompt('Hours the old secret keeps working (0–72)', '24'));
    const result = await postJson<{ api_key: string }>(`${base}/${keyId}/rotate`, {
      grace_hours: Number.isFinite(hours) ? hours : 0,
    });
    if (!result.ok) return setError(result.message);
    setSecret(result.data.api_key);
    await load();
  }

  async function revoke(keyId: string) {
    const response = await fetch(`${base}/${keyId}`, { method: 'DELETE' });
    if (!response.ok) setError(`Revoking failed (${response.status}).`);
    await load();
  }

  return (
    <div>
      {secret ? (
        <p role="status" data-testid="new-secret">
          Your new key (shown once, store it now): <code>{secret}</code>
        </p>
      ) : null}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <table>
        <caption className="visually-hidden">API keys</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Key</th>
            <th scope="col">Scopes</th>
            <th scope="col">Last used</th>
            <th scope="col">Spent this month (UTC)</th>
            <th scope="col">Monthly cap</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key.key_id} data-testid="key-row">
              <td>
                {key.name ?? '(unnamed)'}
                {key.agent_client_name ? ` — agent key for ${key.agent_client_name}` : ''}
              </td>
              <td>
                <code>{key.prefix}…</code>
              </td>
              <td>{key.scopes ? key.scopes.join(' ') : 'full access'}</td>
              <td>{key.last_used_at ?? 'never'}</td>
              <td data-testid="key-month-spend">{monthSpend(key)}</td>
              <td>
                <form onSubmit={(event) => void setCap(event, key.key_id)}>
                  <label htmlFor={`cap-${key.key_id}`} className="visually-hidden">
                    Monthly cap of {key.name ?? key.prefix} (USD, empty: none)
                  </label>
                  <input
                    id={`cap-${key.key_id}`}
                    name="monthly_spend_cap_usd"
                    type="number"
                    inputMode="decimal"
                    min={0}
                    step={0.01}
                    defaultValue={
                      key.monthly_spend_cap_cents === null
                        ? ''
                        : (key.monthly_spend_cap_cents / 100).toFixed(2)
                    }
                  />{' '}
                  <button className="button" type="submit">
                    Save cap of {key.name ?? key.prefix}
                  </button>
                </form>
              </td>
              <td>
                <button className="button" type="button" onClick={() => rotate(key.key_id)}>
                  Rotate {key.name ?? key.prefix}
                </button>{' '}
                <button className="button" type="button" onClick={() => revoke(key.key_id)}>
                  Revoke {key.name ?? key.prefix}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <form className="form-card form-grid" onSubmit={create} aria-label="Create an API key">
        <div className="field">
          <label htmlFor={`key-name-${orgId}`}>Key name</label>
          <input id={`key-name-${orgId}`} name="name" required maxLength={64} />
        </div>
        <fieldset className="field">
          <legend>Scopes</legend>
          {scopes.map((scope) => (
            <label key={scope} className="check">
              <input type="checkbox" name="scopes" value={scope} /> {scope}
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor={`key-expiry-${orgId}`}>Expires after (days, empty: never)</label>
          <input
            id={`key-expiry-${orgId}`}
            name="expires_in_days"
            type="number"
            min={1}
            max={3650}
          />
        </div>
        <SpendCapField id={`key-cap-${orgId}`} label="Monthly spend cap (USD, optional)" />
        <div>
          <button className="button" type="submit">
            Create key
          </button>
        </div>
      </form>
    </div>
  );
}
