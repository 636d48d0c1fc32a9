'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { postJson } from './post-json';

export function InviteMember({ orgId, roles }: { orgId: string; roles: readonly string[] }) {
  const router = useRouter();
  const [message, setMessage] = useState<string | null>(null);
  async function invite(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '');
    const result = await postJson(`/console/api/orgs/${orgId}/invitations`, {
      email,
      role: String(form.get('role') ?? 'viewer'),
    });
    setMessage(result.ok ? `Invitation sent to ${email}.` : result.message);
    // The pending list beside the form is server-rendered.
    if (result.ok) router.refresh();
  }
  return (
    <form className="form-card form-grid" onSubmit={invite} aria-label="Invite a member">
      {message ? <p role="status">{message}</p> : null}
      <div className="field">
        <label htmlFor={`invite-email-${orgId}`}>Email</label>
        <input id={`invite-email-${orgId}`} name="email" type="email" required maxLength={254} />
      </div>
      <div className="field">
        <label htmlFor={`invite-role-${orgId}`}>Role</label>
        <select id={`invite-role-${orgId}`} name="role" defaultValue="developer">
          {roles.map((role) => (
            <option key={role} value={role}>
              {role}
            </option>
          ))}
        </select>
      </div>
      <div>
        <button className="button" type="submit">
          Send invitation
        </button>
      </div>
    </form>
  );
}
