'use client';

import { useState, type FormEvent } from 'react';
import { postJson } from './post-json';
import { capCentsFrom, SpendCapField } from './spend-cap-field';

interface Props {
  userCode: string;
  clientName: string | null;
  orgs: { orgId: string; name: string }[];
  scopes: readonly string[];
  defaultScopes: readonly string[];
}

/** Approve (org + scopes) or deny an agent's code; the key goes to the agent, never to this page. */
export function DeviceApproval({ userCode, clientName, orgs, scopes, defaultScopes }: Props) {
  const [done, setDone] = useState<'approve' | 'deny' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function decide(element: HTMLFormElement, decision: 'approve' | 'deny') {
    const form = new FormData(element);
    setBusy(true);
    setError(null);
    // A name in "new organization" creates one (the person owns it) and approves for it.
    let orgId = String(form.get('org_id') ?? '');
    const newOrg = String(form.get('new_org') ?? '').trim();
    if (decision === 'approve' && newOrg) {
      const created = await postJson<{ org_id: string }>('/console/api/orgs', { name: newOrg });
      if (!created.ok) {
        setBusy(false);
        return setError(created.message);
      }
      orgId = created.data.org_id;
    }
    const result = await postJson(
      '/console/api/agent/decide',
      decision === 'approve'
        ? {
            user_code: userCode,
            decision,
            org_id: orgId,
            scopes: form.getAll('scopes').map(String),
            monthly_spend_cap_cents: capCentsFrom(form),
          }
        : { user_code: userCode, decision },
    );
    setBusy(false);
    if (!result.ok) return setError(result.message);
    setDone(decision);
  }

  if (done)
    return (
      <p role="status" data-testid="device-outcome">
        {done === 'approve'
          ? 'Approved. The agent receives its key on its next poll; you can see it in your keys.'
          : 'Denied. The agent gets no key.'}
      </p>
    );

  return (
    <form
      className="form-card form-grid"
      aria-label="Approve an agent"
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        void decide(event.currentTarget, 'approve');
      }}
    >
      <p>
        <strong>{clientName ?? 'An unnamed agent'}</strong> asks for an API key. Check that the
        agent shows the code <strong data-testid="device-code">{userCode}</strong>.
      </p>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="field">
        <label htmlFor="org_id">Organization</label>
        <select id="org_id" name="org_id">
          {orgs.map((org) => (
            <option key={org.orgId} value={org.orgId}>
              {org.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="new_org">Or a new organization (name)</label>
        <input id="new_org" name="new_org" maxLength={200} autoComplete="off" />
      </div>
      <fieldset className="field">
        <legend>Scopes of the key</legend>
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
      <SpendCapField id="monthly_spend_cap" label="Monthly spend cap of the key (USD, optional)" />
      <div className="actions">
        <button className="button" type="submit" disabled={busy}>
          Approve
        </button>
        <button
          className="button"
          type="button"
          disabled={busy}
          onClick={(event) => {
            const form = event.currentTarget.form;
            if (form) void decide(form, 'deny');
          }}
        >
          Deny
        </button>
      </div>
    </form>
  );
}
