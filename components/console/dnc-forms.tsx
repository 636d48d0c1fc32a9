'use client';

import { useRouter } from 'next/navigation';
import { postJson, send } from '../account/post-json';
import { ConfirmButton } from './confirm-button';
import { useFormAction } from './use-form-action';

interface DncOutcome {
  added: number;
  already_listed: number;
}

/** Numbers typed or pasted, one per line or comma-separated, listed with one reason. */
export function DncAddForm({ orgId }: { orgId: string }) {
  const { busy, message, run } = useFormAction();
  return (
    <form
      className="form-grid"
      aria-label="Add numbers to the do-not-call list"
      onSubmit={async (event) => {
        event.preventDefault();
        const formElement = event.currentTarget;
        const form = new FormData(formElement);
        const numbers = String(form.get('numbers') ?? '')
          .split(/[\n,;]+/)
          .map((n) => n.trim())
          .filter((n) => n !== '');
        const reason = String(form.get('reason') ?? '').trim();
        const listed = await run(
          () =>
            postJson<DncOutcome>(`/console/api/orgs/${orgId}/dnc`, {
              numbers,
              ...(reason ? { reason } : {}),
            }),
          (data) => `Listed ${data.added}; ${data.already_listed} already were.`,
        );
        if (listed) formElement.reset();
      }}
    >
      <div className="field">
        <label htmlFor="dnc-numbers">Numbers (E.164, one per line)</label>
        <textarea id="dnc-numbers" name="numbers" rows={3} required placeholder="+14155550123" />
      </div>
      <div className="field">
        <label htmlFor="dnc-reason">Reason (optional)</label>
        <input id="dnc-reason" name="reason" maxLength={500} />
      </div>
      <p>
        <button className="button" type="submit" disabled={busy}>
          Add to the list
        </button>{' '}
        <span role="status">{message}</span>
      </p>
    </form>
  );
}

/** A CSV file (UTF-8; an export of this list works as it is), every line checked first. */
export function DncImportForm({ orgId }: { orgId: string }) {
  const { busy, message, setMessage, run } = useFormAction();
  return (
    <form
      className="form-grid"
      aria-label="Import a do-not-call CSV"
      onSubmit={async (event) => {
        event.preventDefault();
        const formElement = event.currentTarget;
        const file = new FormData(formElement).get('file');
        if (!(file instanceof File) || file.size === 0) {
          setMessage('Choose a CSV file to import.');
          return;
        }
        const imported = await run(
          () =>
            send<DncOutcome>(`/console/api/orgs/${orgId}/dnc/import`, {
              method: 'POST',
              headers: { 'content-type': 'text/csv' },
              body: file,
            }),
          (data) => `Imported: ${data.added} listed, ${data.already_listed} already were.`,
        );
        if (imported) formElement.reset();
      }}
    >
      <div className="field">
        <label htmlFor="dnc-file">CSV file: a number per line, or columns number and reason</label>
        <input id="dnc-file" name="file" type="file" accept=".csv,text/csv" />
      </div>
      <p>
        <button className="button secondary" type="submit" disabled={busy}>
          Import
        </button>{' '}
        <span role="status" data-testid="dnc-import-status">
          {message}
        </span>
      </p>
    </form>
  );
}

/** Takes one number off the list after a confirmation: calls to it are allowed again. */
export function DncRemoveButton({ orgId, number }: { orgId: string; number: string }) {
  const router = useRouter();
  return (
    <ConfirmButton
      label={
        <>
          Remove<span className="visually-hidden"> {number}</span>
        </>
      }
      title={`Take ${number} off the list?`}
      confirmLabel="Remove"
      danger
      onConfirm={async () => {
        const result = await send(`/console/api/orgs/${orgId}/dnc`, {
          method: 'DELETE',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ numbers: [number] }),
        });
        if (!result.ok) return result.message;
        router.refresh();
        return null;
      }}
    >
      <p>Calls to this number will be placed again.</p>
    </ConfirmButton>
  );
}
