'use client';

import { useRouter } from 'next/navigation';
import { useRef, useState } from 'react';
import { send } from '../account/post-json';

/**
 * "Request promotion" (drafts) and "Delete" behind a confirmation dialog for one clone; the console
 * routes check the role, the review, the funding and the limit again.
 */
export function CloneActions({
  orgId,
  voiceId,
  name,
  draft,
  reviewPassed = true,
}: {
  orgId: string;
  voiceId: string;
  name: string;
  draft: boolean;
  /** A professional draft's review: promotion is offered only once it has passed. */
  reviewPassed?: boolean;
}) {
  const router = useRouter();
  const dialog = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const path = `/console/api/orgs/${orgId}/voices/${voiceId}`;
  async function act(init: RequestInit, url: string, done: string) {
    setBusy(true);
    const result = await send(url, init);
    setBusy(false);
    setMessage(result.ok ? done : result.message);
    if (result.ok) router.refresh();
  }
  return (
    <div className="clone-actions">
      {draft && !reviewPassed ? (
        <span className="meta" data-testid="promotion-waits">
          Promotion opens once the review passes.
        </span>
      ) : draft ? (
        <button
          className="button secondary"
          type="button"
          disabled={busy}
          onClick={() =>
            act({ method: 'POST' }, `${path}/promote`, `${name} is live: use it anywhere.`)
          }
        >
          Request promotion
        </button>
      ) : null}{' '}
      <button
        className="button secondary"
        type="button"
        disabled={busy}
        onClick={() => dialog.current?.showModal()}
      >
        Delete
      </button>{' '}
      <span role="status">{message}</span>
      <dialog ref={dialog} aria-labelledby={`delete-${voiceId}`}>
        <h3 id={`delete-${voiceId}`}>{`Delete ${name}?`}</h3>
        <p>
          Speech and calls that name this voice will stop working. An instant clone’s slot is free
          at once. This cannot be undone.
        </p>
        <form method="dialog">
          <button
            className="button"
            type="button"
            onClick={async () => {
              dialog.current?.close();
              await act({ method: 'DELETE' }, path, `${name} was deleted.`);
            }}
          >
            Delete for good
          </button>{' '}
          <button className="button secondary" type="submit">
            Cancel
          </button>
        </form>
      </dialog>
    </div>
  );
}
