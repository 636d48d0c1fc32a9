import type { RefObject } from 'react';

/**
 * A refusal that names no field, said at the top of a form. It takes focus after a failed submit
 * (the form moves focus to it), so screen readers announce it once, as an alert.
 */
export function FormError({
  message,
  focusRef,
}: {
  message: string | null;
  focusRef: RefObject<HTMLParagraphElement | null>;
}) {
  if (message === null) return null;
  return (
    <p className="form-error" role="alert" tabIndex={-1} ref={focusRef} data-testid="form-error">
      {message}
    </p>
  );
}
