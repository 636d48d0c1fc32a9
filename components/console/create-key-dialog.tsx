'use client';

import { useId, type FormEvent, type RefObject } from 'react';
import { postJson } from '@/components/account/post-json';
import { capCentsFrom, SpendCapField } from '@/components/account/spend-cap-field';
import { envelopeWords } from './envelope-words';

/**
 * The "Create an API key" dialog: a name, the scopes the member's role can give (the agent
 * defaults ticked), an expiry and a monthly cap. The new secret goes to `onCreated`, shown once.
 */
export function CreateKeyDialog({
  dialogRef,
  orgId,
  keysUrl,
  scopes,
  defaultScopes,
  onCreated,
  error,
  setError,
}: {
  dialogRef: RefObject<HTMLDialogElement | null>;
  orgId: string;
  keysUrl: string;
  scopes: readonly string[];
  defaultScopes: readonly string[];
  onCreated: (created: { name: string; value: string }) => void;
  error: string | null;
  setError: (error: string | null) => void;
}) {
  const titleId = useId();

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const chosen = form.getAll('scopes').map(String);
    if (chosen.length === 0) return setError('Choose at least one scope.');
    const days = Number(form.get('expires_in_days') || 0);
    const cap = capCentsFrom(form);
    const name = String(form.get('name') ?? '');
    const result = await postJson<{ api_key: string }>(keysUrl, {
      name,
      scopes: chosen,
      ...(days > 0 ? { expires_in_days: days } : {}),
      ...(cap === null ? {} : { monthly_spend_cap_cents: cap }),
    });
    if (!result.ok) return setError(envelopeWords(result.message));
    setError(null);
    dialogRef.current?.close();
    onCreated({ name, value: result.data.api_key });
  }

  return (
    <dialog ref={dialogRef} aria-labelledby={titleId}>
      <form className="form-grid" onSubmit={(event) => void create(event)}>
        <h2 id={titleId}>Create an API key</h2>
        <div className="field">
          <label htmlFor={`key-name-${orgId}`}>Key name</label>
          <input id={`key-name-${orgId}`} name="name" required maxLength={64} />
        </div>
        <fieldset className="field">
          <legend>Scopes (those your role can give)</legend>
          {scopes.map((scope) => (
            <label key={scope} className="check">
              <input
                type="checkbox"
                name="scopes"
                value={scope}
                defaultChecked={defaultScopes.includes(scope)}
              />{' '}
              {scope}
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
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="dialog-actions">
          <button
            type="button"
            className="button secondary"
            onClick={() => dialogRef.current?.close()}
          >
            Cancel
          </button>
          <button className="button" type="submit">
            Create
          </button>
        </div>
      </form>
    </dialog>
  );
}
