'use client';

import { useState } from 'react';

/** Copies `value` to the clipboard and says so (or says to select it by hand). */
export function CopyButton({ value, label = 'Copy' }: { value: string; label?: string }) {
  const [said, setSaid] = useState<string | null>(null);
  return (
    <>
      <button
        type="button"
        className="button secondary small"
        onClick={() =>
          navigator.clipboard
            .writeText(value)
            .then(() => setSaid('Copied.'))
            .catch(() => setSaid('Copying failed: select the text and copy it.'))
        }
      >
        {label}
      </button>
      <span role="status" className="meta">
        {said}
      </span>
    </>
  );
}
