'use client';

import { useId, useRef, useState, type ReactNode } from 'react';

/**
 * A button that asks first, in a modal dialog: Cancel (or Escape) does nothing; the confirm
 * button runs `onConfirm` with the dialog's fields and closes it, or shows the error it returns.
 */
export function ConfirmButton({
  label,
  title,
  confirmLabel,
  onConfirm,
  children,
  danger = false,
}: {
  /** The button's accessible name (visible text plus any hidden words naming the target). */
  label: ReactNode;
  title: string;
  confirmLabel: string;
  onConfirm: (fields: FormData) => Promise<string | null>;
  children?: ReactNode;
  danger?: boolean;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <button
        type="button"
        className={danger ? 'button secondary small danger' : 'button secondary small'}
        onClick={() => {
          setError(null);
          dialog.current?.showModal();
        }}
      >
        {label}
      </button>
      <dialog ref={dialog} aria-labelledby={titleId}>
        <form
          className="form-grid"
          onSubmit={async (event) => {
            event.preventDefault();
            setBusy(true);
            const failed = await onConfirm(new FormData(event.currentTarget));
            setBusy(false);
            if (failed) setError(failed);
            else dialog.current?.close();
          }}
        >
          <h2 id={titleId}>{title}</h2>
          {children}
          {error ? (
            <p className="form-error" role="alert">
              {error}
            </p>
          ) : null}
          <div className="dialog-actions">
            <button
              type="button"
              className="button secondary"
              onClick={() => dialog.current?.close()}
            >
              Cancel
            </button>
            <button type="submit" className="button" disabled={busy}>
              {confirmLabel}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
