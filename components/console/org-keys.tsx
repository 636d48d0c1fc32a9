'use client';

import { useRouter } from 'next/navigation';
import { useRef, useState, type FormEvent } from 'react';
import { postJson } from '@/components/account/post-json';
import { capCentsFrom, formatUsd } from '@/components/account/spend-cap-field';
import { formatTime } from '@/lib/console/format-time';
import { CopyButton } from './copy-button';
import { CreateKeyDialog } from './create-key-dialog';
import { envelopeWords as words } from './envelope-words';
import { KeyActions } from './key-actions';

export interface ConsoleKey {
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
function monthSpend(key: ConsoleKey): string {
  const spent = formatUsd(key.month_spend_usd);
  return key.monthly_spend_cap_cents === null
    ? `${spent} (no cap)`
    : `${spent} of ${formatUsd(key.monthly_spend_cap_cents / 100)}`;
}

/**
 * An org's keys, rendered on the server and refreshed after each change: create in a dialog
 * (the role's scopes, the agent defaults ticked), the secret shown once with a copy button,
 * a monthly cap per key, rotate (with a grace) and revoke behind confirmation dialogs.
 */
export function OrgKeys({
  orgId,
  keys,
  scopes,
  defaultScopes,
  manage,
}: {
  orgId: string;
  keys: ConsoleKey[];
  scopes: readonly string[];
  defaultScopes: readonly string[];
  manage: boolean;
}) {
  const base = `/console/api/orgs/${orgId}/keys`;
  const router = useRouter();
  const [secret, setSecret] = useState<{ name: string; value: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const createDialog = useRef<HTMLDialogElement>(null);
  const [createError, setCreateError] = useState<string | null>(null);

  async function setCap(event: FormEvent<HTMLFormElement>, keyId: string) {
    event.preventDefault();
    const result = await postJson(
      `${base}/${keyId}`,
      { monthly_spend_cap_cents: capCentsFrom(new FormData(event.currentTarget)) },
      'PATCH',
    );
    setError(result.ok ? null : words(result.message));
    router.refresh();
  }

  return (
    <div>
      {secret ? (
        <div className="secret-panel" data-testid="new-secret">
          <p>
            The secret of <strong>{secret.name}</strong>, shown this once: store it now.
          </p>
          <p>
            <code className="secret">{secret.value}</code>
          </p>
          <CopyButton value={secret.value} label="Copy the key" />
        </div>
      ) : null}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {manage ? (
        <p>
          <button
            className="button"
            type="button"
            onClick={() => {
              setCreateError(null);
              createDialog.current?.showModal();
            }}
          >
            Create key
          </button>
        </p>
      ) : null}
      {keys.length === 0 ? (
        <p data-testid="keys-empty">No key yet.</p>
      ) : (
        <div className="table-scroll">
          <table data-testid="keys-table">
            <caption className="visually-hidden">API keys</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Key</th>
                <th scope="col">Scopes</th>
                <th scope="col">Last used</th>
                <th scope="col">Spent this month (UTC)</th>
                {manage ? <th scope="col">Monthly cap</th> : null}
                {manage ? <th scope="col">Actions</th> : null}
              </tr>
            </thead>
            <tbody>
              {keys.map((key) => {
                const label = key.name ?? key.prefix;
                return (
                  <tr key={key.key_id} data-testid="key-row">
                    <td className="wrap-anywhere">
                      {key.name ?? '(unnamed)'}
                      {key.agent_client_name ? ` — agent key for ${key.agent_client_name}` : ''}
                      {key.expires_at ? (
                        <span className="meta block">expires {formatTime(key.expires_at)}</span>
                      ) : null}
                      {key.previous_secret_valid_until ? (
                        <span className="meta block" data-testid="key-grace">
                          old secret works until {formatTime(key.previous_secret_valid_until)}
                        </span>
                      ) : null}
                    </td>
                    <td>
                      <code>{key.prefix}…</code>
                    </td>
                    <td>{key.scopes ? key.scopes.join(' ') : 'full access'}</td>
                    <td data-testid="key-last-used">{formatTime(key.last_used_at, 'never')}</td>
                    <td data-testid="key-month-spend">{monthSpend(key)}</td>
                    {manage ? (
                      <td>
                        <form
                          className="inline-form"
                          onSubmit={(event) => void setCap(event, key.key_id)}
                        >
                          <label htmlFor={`cap-${key.key_id}`} className="visually-hidden">
                            Monthly cap of {label} (USD, empty: none)
                          </label>
                          <input
                            id={`cap-${key.key_id}`}
                            name="monthly_spend_cap_usd"
                            type="number"
                            inputMode="decimal"
                            min={0}
                            step={0.01}
                            className="cap-input"
                            defaultValue={
                              key.monthly_spend_cap_cents === null
                                ? ''
                                : (key.monthly_spend_cap_cents / 100).toFixed(2)
                            }
                          />
                          <button className="button secondary small" type="submit">
                            Save<span className="visually-hidden"> cap of {label}</span>
                          </button>
                        </form>
                      </td>
                    ) : null}
                    {manage ? (
                      <td>
                        <KeyActions
                          keyUrl={`${base}/${key.key_id}`}
                          keyId={key.key_id}
                          label={label}
                          onSecret={setSecret}
                        />
                      </td>
                    ) : null}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {manage ? (
        <CreateKeyDialog
          dialogRef={createDialog}
          orgId={orgId}
          keysUrl={base}
          scopes={scopes}
          defaultScopes={defaultScopes}
          onCreated={(created) => {
            setSecret(created);
            router.refresh();
          }}
          error={createError}
          setError={setCreateError}
        />
      ) : null}
    </div>
  );
}
