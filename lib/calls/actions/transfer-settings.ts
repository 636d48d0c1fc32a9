import type { TransferSettings } from '../../adapters/db/schema/call-row-types';

/** The transfer fields of a request (a call's, or a batch's call_params). */
export interface TransferFields {
  transfer_phone_number?: string | null;
  transfer_list?: Record<string, string> | null;
  transfer_mode?: 'cold' | 'warm' | null;
}

/** What a call stores of its transfer fields; null when it names no number (no transfer_call). */
export function transferSettingsOf(fields: TransferFields): TransferSettings | null {
  const number = fields.transfer_phone_number ?? null;
  const list = fields.transfer_list ?? {};
  if (!number && Object.keys(list).length === 0) return null;
  return { number, list, mode: fields.transfer_mode ?? 'cold' };
}

/** Every number a call may be handed to, each with the request field that named it. */
export function transferNumbers(fields: TransferFields): { to: string; field: string }[] {
  const numbers = fields.transfer_phone_number
    ? [{ to: fields.transfer_phone_number, field: 'transfer_phone_number' }]
    : [];
  for (const [label, to] of Object.entries(fields.transfer_list ?? {})) {
    numbers.push({ to, field: `transfer_list.${label}` });
  }
  return numbers;
}

/** The number a transfer to `label` reaches: a listed label, else the default number. */
export function transferTarget(
  settings: TransferSettings,
  label: string | undefined,
): { to: string; label: string | null } | null {
  if (label) {
    const wanted = label.trim().toLowerCase();
    const hit = Object.entries(settings.list).find(([name]) => name.toLowerCase() === wanted);
    if (hit) return { to: hit[1], label: hit[0] };
  }
  if (settings.number) return { to: settings.number, label: null };
  // No default and no (matching) label: the only listed number, if there is just one.
  const entries = Object.entries(settings.list);
  return entries.length === 1 ? { to: entries[0]![1], label: entries[0]![0] } : null;
}
