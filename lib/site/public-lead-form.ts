import type { LeadForm } from './leads/lead-form';
import { RENDERED_AT_FIELD } from './leads/detect-trap';

/** What the browser needs to render a lead form: no CRM ids, no webhook receivers. */
export interface PublicLeadField {
  name: string;
  label: string;
  type: LeadForm['fields'][number]['type'];
  required: boolean;
  options: { value: string; label: string }[];
  maxLength?: number;
  pattern?: string;
  allowedDomains?: string[];
}

export interface PublicLeadForm {
  slug: string;
  title: string;
  fields: PublicLeadField[];
  honeypotField?: string;
  requireBotCheck: boolean;
  renderedAtField: string;
}

// Server caps (validate-lead-values.ts) the browser mirrors as maxlength hints.
const TEXT_MAX = 5_000;
const EMAIL_MAX = 254;
const URL_MAX = 2_048;

export function toPublicLeadForm(form: LeadForm): PublicLeadForm {
  return {
    slug: form.slug,
    title: (form.title ?? form.slug).replace(/\s+/g, ' ').trim(),
    requireBotCheck: form.requireBotCheck,
    renderedAtField: RENDERED_AT_FIELD,
    ...(form.honeypotField ? { honeypotField: form.honeypotField } : {}),
    fields: form.fields.map((field) => {
      const defaultMax =
        field.type === 'email' ? EMAIL_MAX : field.type === 'url' ? URL_MAX : TEXT_MAX;
      const allow = field.domainPolicy?.allow?.filter(Boolean);
      return {
        name: field.name,
        label: (field.label ?? field.name).replace(/\s+/g, ' ').trim(),
        type: field.type,
        required: field.required,
        options: field.options.map((o) => ({ value: o.value, label: o.label ?? o.value })),
        ...(['text', 'textarea', 'email', 'url', 'hidden'].includes(field.type)
          ? { maxLength: field.maxLength ?? defaultMax }
          : {}),
        ...(field.pattern ? { pattern: field.pattern } : {}),
        ...(allow && allow.length > 0 ? { allowedDomains: allow } : {}),
      };
    }),
  };
}
