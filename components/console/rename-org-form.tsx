'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { postJson } from '../account/post-json';

/** The organization's name; the console route checks the role and the name again. */
export function RenameOrgForm({ orgId, name }: { orgId: string; name: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  return (
    <form
      className="form-grid"
      aria-label="Rename the organization"
      onSubmit={async (event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        setBusy(true);
        const result = await postJson(
          `/console/api/orgs/${orgId}`,
          { name: String(form.get('name') ?? '') },
          'PATCH',
        );
        setBusy(false);
        setMessage(result.ok ? 'Saved.' : result.message);
        if (result.ok) router.refresh();
      }}
    >
      <div className="field">
        <label htmlFor="org-name">Name</label>
        <input id="org-name" name="name" defaultValue={name} required maxLength={200} />
      </div>
      <p>
        <button className="button" type="submit" disabled={busy}>
          Save
        </button>{' '}
        <span role="status">{message}</span>
      </p>
    </form>
  );
}
