'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { postJson } from '../account/post-json';

/** Rotating asks once more: receivers must switch to the new secret, the old one stops at once. */
export function RotateSecret({ orgId }: { orgId: string }) {
  const router = useRouter();
  const [stage, setStage] = useState<'idle' | 'confirm' | 'busy'>('idle');
  const [message, setMessage] = useState('');
  const rotate = async () => {
    setStage('busy');
    const result = await postJson(`/console/api/orgs/${orgId}/webhooks/secret/rotate`, {});
    setStage('idle');
    setMessage(
      result.ok
        ? 'Rotated. Deliveries from now on are signed with the new secret shown above.'
        : result.message,
    );
    if (result.ok) router.refresh();
  };
  return (
    <p>
      {stage === 'confirm' ? (
        <>
          <button className="button" type="button" onClick={rotate}>
            Rotate now
          </button>{' '}
          <button className="button secondary" type="button" onClick={() => setStage('idle')}>
            Keep the current secret
          </button>{' '}
          <span>The old secret stops signing at once; update your receivers right after.</span>
        </>
      ) : (
        <button
          className="button secondary"
          type="button"
          disabled={stage === 'busy'}
          onClick={() => setStage('confirm')}
        >
          Rotate the signing secret
        </button>
      )}{' '}
      <span role="status">{message}</span>
    </p>
  );
}
