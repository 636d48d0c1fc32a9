import type { PublicLeadField } from '@/lib/site/public-lead-form';

export type Value = string | number | boolean | string[];

/** The form's values as the lead API takes them: blanks left out, numbers and checkboxes typed. */
export function readValues(
  form: HTMLFormElement,
  fields: PublicLeadField[],
): Record<string, Value> {
  const data = new FormData(form);
  const values: Record<string, Value> = {};
  for (const field of fields) {
    if (field.type === 'multiselect') {
      const picked = data.getAll(field.name).map(String);
      if (picked.length > 0) values[field.name] = picked;
    } else if (field.type === 'checkbox') {
      values[field.name] = data.get(field.name) === 'on';
    } else {
      const raw = String(data.get(field.name) ?? '').trim();
      if (raw === '') continue;
      values[field.name] =
        field.type === 'number' && Number.isFinite(Number(raw)) ? Number(raw) : raw;
    }
  }
  return values;
}
