import { z } from 'zod';
import { LeadPostSubmit } from '@/schemas/leads';

// The CMS `leadForm` document as the lead service uses it. Editors own this data, so the
// schema is lenient where a bad value can be ignored safely and strict where it cannot.

export const fieldTypes = [
  'text',
  'email',
  'phone',
  'url',
  'textarea',
  'select',
  'multiselect',
  'checkbox',
  'number',
  'hidden',
] as const;

const optionalString = z
  .string()
  .nullish()
  .transform((v) => v ?? undefined);
const stringList = z
  .array(z.string())
  .nullish()
  .transform((v) => v ?? undefined);

export const LeadFieldDefinition = z.object({
  name: z.string().min(1),
  label: optionalString,
  type: z.enum(fieldTypes),
  required: z
    .boolean()
    .nullish()
    .transform((v) => v ?? false),
  options: z
    .array(z.object({ value: z.string(), label: optionalString }))
    .nullish()
    .transform((v) => v ?? []),
  maxLength: z
    .number()
    .int()
    .positive()
    .nullish()
    .transform((v) => v ?? undefined),
  pattern: optionalString,
  domainPolicy: z
    .object({
      allow: stringList,
      block: stringList,
      blockFree: z.boolean().nullish(),
      blockDisposable: z.boolean().nullish(),
    })
    .nullish()
    .transform((v) => v ?? undefined),
});
export type LeadField = z.infer<typeof LeadFieldDefinition>;

const LeadDestinationDefinition = z.object({
  _key: optionalString,
  name: optionalString,
  url: z.url({ protocol: /^https?$/ }),
});
export type LeadDestination = { key: string; name: string; url: string };

const DEFAULT_POST_SUBMIT = { kind: 'message', message: 'Thanks, we received your submission.' };

export const LeadFormDefinition = z.object({
  _id: z.string(),
  title: optionalString,
  slug: z.string(),
  fields: z
    .array(LeadFieldDefinition)
    .nullish()
    .transform((v) => v ?? []),
  requireBotCheck: z
    .boolean()
    .nullish()
    .transform((v) => v ?? true),
  rateLimitPerMinute: z
    .number()
    .int()
    .positive()
    .nullish()
    .transform((v) => v ?? 5),
  minFillSeconds: z
    .number()
    .min(0)
    .nullish()
    .transform((v) => v ?? undefined),
  honeypotField: optionalString,
  // Applies the documented defaults (scheduler minHeight 720, prefillFields); a missing or
  // broken postSubmit falls back to a plain thank-you message rather than failing the lead.
  postSubmit: z.unknown().transform((v) => {
    const parsed = LeadPostSubmit.safeParse(v ?? DEFAULT_POST_SUBMIT);
    return parsed.success ? parsed.data : LeadPostSubmit.parse(DEFAULT_POST_SUBMIT);
  }),
  gtmEventName: optionalString,
  crm: z
    .record(z.string(), z.unknown())
    .nullish()
    .transform((v) => v ?? undefined),
  // An entry an editor left half-filled (no http(s) URL) is dropped rather than failing the lead.
  destinations: z
    .array(z.unknown())
    .nullish()
    .transform((list) =>
      (list ?? []).flatMap((item, index) => {
        const parsed = LeadDestinationDefinition.safeParse(item);
        if (!parsed.success) return [];
        const { _key, name, url } = parsed.data;
        return [{ key: _key ?? String(index), name: name ?? url, url }];
      }),
    ),
});
export type LeadForm = z.infer<typeof LeadFormDefinition>;

export const LeadSettingsDefinition = z
  .object({ blockedEmails: stringList, blockedDomains: stringList })
  .nullish()
  .transform((v) => ({
    blockedEmails: (v?.blockedEmails ?? []).map((e) => e.trim().toLowerCase()),
    blockedDomains: (v?.blockedDomains ?? []).map((d) => d.trim().toLowerCase()),
  }));
export type LeadSettings = z.infer<typeof LeadSettingsDefinition>;
