'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { postJson } from '../account/post-json';

const requiredFields = [
  { name: 'threshold_usd', label: 'When the balance falls under (USD, at least 1)', min: 1 },
  { name: 'amount_usd', label: 'Add (USD, at least 5)', min: 5 },
  { name: 'monthly_cap_usd', label: 'Never more than this a month (USD, required)', min: 5 },
] as const;

export interface AutoTopUpValues {
  enabled: boolean;
  threshold_usd: number;
  amount_usd: number;
  monthly_cap_usd: number;
  low_balance_usd: number | null;
}

/**
 * The auto top-up and low-balance form (owners). When saving would charge at once, the server
 * answers AUTO_TOP_UP_CONFIRM_REQUIRED and nothing is saved; the form then shows what will be
 * charged and saves only after the owner confirms.
 */
export function AutoTopUpForm({
  orgId,
  initial,
  balanceUsd,
}: {
  orgId: string;
  initial: AutoTopUpValues;
  balanceUsd: number;
}) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const [pending, setPending] = useState<AutoTopUpValues | null>(null);

  const save = async (body: AutoTopUpValues & { confirm_charge_now?: boolean }) => {
    setBusy(true);
    const result = await postJson(`/console/api/orgs/${orgId}/billing/auto-top-up`, body, 'PUT');
    setBusy(false);
    if (result.ok) {
      setPending(null);
      setMessage('Saved.');
      router.refresh();
    } else if (result.code === 'AUTO_TOP_UP_CONFIRM_REQUIRED') {
      setMessage('');
      setPending(body);
    } else {
      setMessage(result.message);
    }
  };

  const usd = (form: FormData, name: string) => Number(form.get(name));
  return (
    <>
      <form
        className="form-grid"
        aria-label="Auto top-up settings"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          const low = String(form.get('low_balance_usd') ?? '').trim();
          void save({
            enabled: form.get('enabled') === 'on',
            threshold_usd: usd(form, 'threshold_usd'),
            amount_usd: usd(form, 'amount_usd'),
            monthly_cap_usd: usd(form, 'monthly_cap_usd'),
            low_balance_usd: low === '' ? null : Number(low),
          });
        }}
      >
        <label className="check">
          <input type="checkbox" name="enabled" defaultChecked={initial.enabled} /> Recharge
          automatically
        </label>
        {requiredFields.map((f) => (
          <div className="field" key={f.name}>
            <label htmlFor={`auto-${f.name}`}>{f.label}</label>
            <input
              id={`auto-${f.name}`}
              name={f.name}
              type="number"
              min={f.min}
              step={0.01}
              required
              defaultValue={initial[f.name]}
            />
          </div>
        ))}
        <div className="field">
          <label htmlFor="low-balance">
            Mail the owners when the balance falls under (USD, empty: no mail)
          </label>
          <input
            id="low-balance"
            name="low_balance_usd"
            type="number"
            min={0.01}
            step={0.01}
            defaultValue={initial.low_balance_usd ?? ''}
          />
        </div>
        <p>
          <button className="button" type="submit" disabled={busy}>
            Save
          </button>{' '}
          <span role="status">{message}</span>
        </p>
      </form>
      {pending ? (
        <div role="alertdialog" aria-labelledby="confirm-charge-title" data-testid="confirm-charge">
          <h3 id="confirm-charge-title">This will charge your card now</h3>
          <p>
            The balance (${balanceUsd.toFixed(2)}) is under the threshold ($
            {pending.threshold_usd.toFixed(2)}): saving charges ${pending.amount_usd.toFixed(2)} to
            the saved card at once. Nothing is saved until you confirm.
          </p>
          <p>
            <button
              className="button"
              type="button"
              disabled={busy}
              onClick={() => void save({ ...pending, confirm_charge_now: true })}
            >
              Save and charge now
            </button>{' '}
            <button className="button" type="button" onClick={() => setPending(null)}>
              Cancel
            </button>
          </p>
        </div>
      ) : null}
    </>
  );
}
