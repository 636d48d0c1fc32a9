'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { postJson, send } from '@/components/account/post-json';
import { ConfirmButton } from './confirm-button';

/** A member row's actions: change the role, remove; on the person's own row, leave. */
export function MemberActions({
  orgId,
  userId,
  email,
  role,
  roles,
  self,
  manage,
}: {
  orgId: string;
  userId: string;
  email: string;
  role: string;
  /** The roles the person may give this member (empty: they may not change it). */
  roles: readonly string[];
  self: boolean;
  manage: boolean;
}) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const path = `/console/api/orgs/${orgId}/members/${userId}`;

  async function changeRole(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = String(new FormData(event.currentTarget).get('role') ?? role);
    const result = await postJson(path, { role: next }, 'PATCH');
    setError(result.ok ? null : result.message);
    router.refresh();
  }
  const remove = async () => {
    const result = await send(path, { method: 'DELETE' });
    if (!result.ok) return result.message;
    if (self) router.push('/console');
    router.refresh();
    return null;
  };

  return (
    <div className="row-actions">
      {manage && roles.length > 0 ? (
        <form onSubmit={(event) => void changeRole(event)} className="inline-form">
          <label htmlFor={`role-${userId}`} className="visually-hidden">
            Role of {email}
          </label>
          <select id={`role-${userId}`} name="role" defaultValue={role}>
            {roles.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
          <button className="button secondary small" type="submit">
            Change role<span className="visually-hidden"> of {email}</span>
          </button>
        </form>
      ) : null}
      {self ? (
        <ConfirmButton
          label="Leave"
          title="Leave this organization?"
          confirmLabel="Leave"
          danger
          onConfirm={remove}
        >
          <p>
            You lose access at once; your API keys in it are revoked. Someone must invite you again.
          </p>
        </ConfirmButton>
      ) : manage && roles.length > 0 ? (
        <ConfirmButton
          label={
            <>
              Remove<span className="visually-hidden"> {email}</span>
            </>
          }
          title={`Remove ${email}?`}
          confirmLabel="Remove"
          danger
          onConfirm={remove}
        >
          <p>They lose access at once and their API keys in this organization are revoked.</p>
        </ConfirmButton>
      ) : null}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
