'use client';

import { useRouter } from 'next/navigation';
import { postJson, send } from '@/components/account/post-json';
import { ConfirmButton } from './confirm-button';
import { envelopeWords as words } from './envelope-words';

/**
 * A key's rotate (with a grace for the old secret) and revoke, each behind a confirmation dialog:
 * Cancel changes nothing. A rotated key's new secret goes to `onSecret`, shown once.
 */
export function KeyActions({
  keyUrl,
  keyId,
  label,
  onSecret,
}: {
  keyUrl: string;
  keyId: string;
  label: string;
  onSecret: (secret: { name: string; value: string }) => void;
}) {
  const router = useRouter();
  return (
    <div className="row-actions">
      <ConfirmButton
        label={
          <>
            Rotate<span className="visually-hidden"> {label}</span>
          </>
        }
        title={`Rotate ${label}?`}
        confirmLabel="Rotate key"
        onConfirm={async (fields) => {
          const hours = Number(fields.get('grace_hours') ?? 0);
          const result = await postJson<{ api_key: string }>(`${keyUrl}/rotate`, {
            grace_hours: hours,
          });
          if (!result.ok) return words(result.message);
          onSecret({ name: label, value: result.data.api_key });
          router.refresh();
          return null;
        }}
      >
        <p>A new secret replaces this one; you see it once.</p>
        <div className="field">
          <label htmlFor={`grace-${keyId}`}>Hours the old secret keeps working (0–72)</label>
          <input
            id={`grace-${keyId}`}
            name="grace_hours"
            type="number"
            min={0}
            max={72}
            step={1}
            defaultValue={24}
            required
          />
        </div>
      </ConfirmButton>
      <ConfirmButton
        label={
          <>
            Revoke<span className="visually-hidden"> {label}</span>
          </>
        }
        title={`Revoke ${label}?`}
        confirmLabel="Revoke key"
        danger
        onConfirm={async () => {
          const result = await send(keyUrl, {
            method: 'DELETE',
          });
          if (!result.ok) return words(result.message);
          router.refresh();
          return null;
        }}
      >
        <p>Every request with this key is refused from now on. This cannot be undone.</p>
      </ConfirmButton>
    </div>
  );
}
