import type { LeadForm, LeadSettings } from './lead-form';
import type { CleanValues } from './validate-lead-values';

export type Trap = 'honeypot' | 'too-fast' | 'blocklist';

/** The hidden field the client fills with its render time (epoch ms or ISO date). */
export const RENDERED_AT_FIELD = 'rendered_at';

function renderedAt(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '') {
    const asNumber = Number(value);
    if (Number.isFinite(asNumber)) return asNumber;
    const parsed = Date.parse(value);
    if (Number.isFinite(parsed)) return parsed;
  }
  return undefined;
}

/**
 * Bot traps and the site blocklist: a hit is accepted but not stored. A missing or unreadable
 * render time does not trip the timing trap (older clients never sent one).
 */
export function detectTrap(
  form: LeadForm,
  settings: LeadSettings,
  rawValues: Record<string, unknown>,
  values: CleanValues,
  now: number,
): Trap | undefined {
  if (form.honeypotField) {
    const bait = rawValues[form.honeypotField];
    if (bait !== undefined && bait !== null && bait !== '' && bait !== false) return 'honeypot';
  }
  if (form.minFillSeconds !== undefined) {
    const rendered = renderedAt(rawValues[RENDERED_AT_FIELD]);
    if (rendered !== undefined && now - rendered < form.minFillSeconds * 1000) return 'too-fast';
  }
  for (const field of form.fields) {
    const email = values[field.name];
    if (field.type !== 'email' || typeof email !== 'string') continue;
    const domain = email.slice(email.lastIndexOf('@') + 1);
    if (settings.blockedEmails.includes(email)) return 'blocklist';
    if (settings.blockedDomains.some((d) => domain === d || domain.endsWith(`.${d}`)))
      return 'blocklist';
  }
  return undefined;
}
