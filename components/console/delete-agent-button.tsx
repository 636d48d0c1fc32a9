'use client';

import { useRouter } from 'next/navigation';
import { send } from '../account/post-json';
import { ConfirmButton } from './confirm-button';

/** Deletes an agent after asking; calls placed from it keep their reference. */
export function DeleteAgentButton({
  orgId,
  agentId,
  name,
}: {
  orgId: string;
  agentId: string;
  name: string;
}) {
  const router = useRouter();
  return (
    <ConfirmButton
      danger
      label={
        <>
          Delete<span className="visually-hidden"> {name}</span>
        </>
      }
      title={`Delete ${name}?`}
      confirmLabel="Delete the agent"
      onConfirm={async () => {
        const result = await send(`/console/api/orgs/${orgId}/agents/${agentId}`, {
          method: 'DELETE',
        });
        if (!result.ok) return result.message;
        router.push(`/console/orgs/${orgId}/agents`);
        return null;
      }}
    >
      <p>New calls can no longer use it; calls already placed from it keep their record.</p>
    </ConfirmButton>
  );
}
