/**
 * The optional monthly spend cap of a key, typed in US dollars (the API takes whole cents).
 * Empty: no cap.
 */
export function SpendCapField({ id, label }: { id: string; label: string }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name="monthly_spend_cap_usd"
        type="number"
        inputMode="decimal"
        min={0}
        step={0.01}
        aria-describedby={`${id}-help`}
      />
      <small id={`${id}-help`}>
        Calls and speech through the key stop once its spend this calendar month (UTC) reaches the
        cap. Empty: no cap.
      </small>
    </div>
  );
}

/** The cap a form holds, in cents: null when empty. */
export function capCentsFrom(form: FormData): number | null {
  const text = String(form.get('monthly_spend_cap_usd') ?? '').trim();
  return text === '' ? null : Math.round(Number(text) * 100);
}

export const formatUsd = (usd: number) => `$${usd.toFixed(2)}`;
