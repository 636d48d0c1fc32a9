'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { postJson, send } from '../account/post-json';
import { ConfirmButton } from './confirm-button';
import { useFormAction } from './use-form-action';

const path = (orgId: string, number?: string) =>
  `/console/api/orgs/${orgId}/numbers${number ? `/${encodeURIComponent(number)}` : ''}`;

/** Search and buy (the sandbox line: the next fictional number); the fee is said before buying. */
export function BuyNumberForm({ orgId, fee }: { orgId: string; fee: string }) {
  const { busy, message, run } = useFormAction();
  return (
    <form
      className="form-grid"
      aria-label="Buy a number"
      onSubmit={async (event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const text = (name: string) => String(form.get(name) ?? '').trim();
        await run(
          () =>
            postJson<{ number: string }>(path(orgId), {
              country: text('country') || 'US',
              ...(text('area_code') ? { area_code: text('area_code') } : {}),
              ...(text('contains') ? { contains: text('contains') } : {}),
            }),
          (data) => `Bought ${data.number}; ${fee} was charged for its first month.`,
        );
      }}
    >
      <div className="field">
        <label htmlFor="number-country">Country (ISO code)</label>
        <input id="number-country" name="country" defaultValue="US" maxLength={2} required />
      </div>
      <div className="field">
        <label htmlFor="number-area-code">Area code (optional)</label>
        <input id="number-area-code" name="area_code" inputMode="numeric" maxLength={5} />
      </div>
      <div className="field">
        <label htmlFor="number-contains">Digits it contains (optional)</label>
        <input id="number-contains" name="contains" inputMode="numeric" maxLength={10} />
      </div>
      <p>
        <button className="button" type="submit" disabled={busy}>
          Buy a number for {fee} a month
        </button>{' '}
        <span role="status" data-testid="buy-number-status">
          {message}
        </span>
      </p>
    </form>
  );
}

/** A number already in the carrier account (carrier lines only). */
export function ImportNumberForm({ orgId, fee }: { orgId: string; fee: string }) {
  const { busy, message, run } = useFormAction();
  return (
    <form
      className="form-grid"
      aria-label="Import a number"
      onSubmit={async (event) => {
        event.preventDefault();
        const number = String(new FormData(event.currentTarget).get('number') ?? '').trim();
        await run(
          () => postJson<{ number: string }>(`${path(orgId)}/import`, { number }),
          (data) => `Imported ${data.number}; ${fee} was charged for its first month.`,
        );
      }}
    >
      <div className="field">
        <label htmlFor="import-number">Number in the carrier account (E.164)</label>
        <input id="import-number" name="number" required placeholder="+14155550123" />
      </div>
      <p>
        <button className="button secondary" type="submit" disabled={busy}>
          Import
        </button>{' '}
        <span role="status">{message}</span>
      </p>
    </form>
  );
}

/** The agent that answers a number: saved as soon as it is chosen. */
export function NumberAgentSelect({
  orgId,
  number,
  agentId,
  agents,
}: {
  orgId: string;
  number: string;
  agentId: string | null;
  agents: readonly { id: string; name: string }[];
}) {
  const { busy, message, run } = useFormAction();
  return (
    <>
      <label className="visually-hidden" htmlFor={`agent-${number}`}>
        Agent answering {number}
      </label>
      <select
        id={`agent-${number}`}
        defaultValue={agentId ?? ''}
        disabled={busy}
        onChange={(event) => {
          const chosen = event.currentTarget.value;
          void run(
            () => postJson(path(orgId, number), { inbound_agent_id: chosen || null }, 'PATCH'),
            () => (chosen ? 'Saved: this agent answers.' : 'Saved: no agent answers.'),
          );
        }}
      >
        <option value="">No agent (callers hear a short message)</option>
        {agents.map((agent) => (
          <option key={agent.id} value={agent.id}>
            {agent.name}
          </option>
        ))}
      </select>{' '}
      <span role="status">{message}</span>
    </>
  );
}

/** The sandbox's scripted caller rings the number; the call's page follows it. */
export function TestCallButton({ orgId, number }: { orgId: string; number: string }) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ callId?: string; message?: string }>({});
  return (
    <>
      <button
        type="button"
        className="button secondary small"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          const placed = await postJson<{ call_id: string }>(
            `${path(orgId, number)}/test-call`,
            {},
          );
          setBusy(false);
          setResult(placed.ok ? { callId: placed.data.call_id } : { message: placed.message });
        }}
      >
        Test call<span className="visually-hidden"> to {number}</span>
      </button>{' '}
      <span role="status">
        {result.callId ? (
          <Link href={`/console/orgs/${orgId}/calls/${result.callId}`} prefetch={false}>
            Follow the test call
          </Link>
        ) : (
          result.message
        )}
      </span>
    </>
  );
}

/** Gives the number up after a confirmation: no refund, and callers reach nobody. */
export function ReleaseNumberButton({ orgId, number }: { orgId: string; number: string }) {
  const router = useRouter();
  return (
    <ConfirmButton
      label={
        <>
          Release<span className="visually-hidden"> {number}</span>
        </>
      }
      title={`Release ${number}?`}
      confirmLabel="Release"
      danger
      onConfirm={async () => {
        const result = await send(path(orgId, number), { method: 'DELETE' });
        if (!result.ok) return result.message;
        router.refresh();
        return null;
      }}
    >
      <p>The rest of this month’s rent is not refunded, and calls to it reach no agent.</p>
    </ConfirmButton>
  );
}
