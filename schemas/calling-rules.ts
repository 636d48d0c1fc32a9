import { isSupportedCountry } from 'libphonenumber-js';
import { dncSources } from './stored-values';
import { ApiErrorEnvelope } from './error';
import { E164 } from './phone';
import { STORABLE, storable, storedText } from './text';
import { z } from './zod';

const HHMM = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const time = z
  .string('must be a time "HH:MM"')
  .regex(HHMM, 'must be a 24-hour time "HH:MM" (00:00 to 24:00)');
const weekday = z.enum(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']);

export const CallingHours = z
  .object({
    start: time.describe('Local time of the callee from which calls may be placed, "HH:MM".'),
    end: time.describe('Local time of the callee from which no call is placed, "HH:MM".'),
    days: z
      .array(weekday)
      .min(1, 'must name at least one day')
      .max(7)
      .refine((days) => new Set(days).size === days.length, 'must not repeat a day')
      .optional()
      .describe('Weekdays calls may be placed on; every day when absent.'),
  })
  .strict()
  .refine((h) => h.start < h.end, { path: ['end'], message: 'must be after start' })
  .describe('A daily window in the callee’s own time zone(s).')
  .meta({ id: 'CallingHours' });

const country = z
  .string()
  .trim()
  .toUpperCase()
  .refine(
    (c) => /^[A-Z]{2}$/.test(c) && isSupportedCountry(c),
    'must be an ISO 3166-1 country code',
  );

const noticeText = z
  .string()
  .trim()
  .regex(/\S/, 'must not be blank')
  .max(300, 'must be at most 300 characters')
  .refine(storable, STORABLE);

export const DisclosuresRequest = z
  .object({
    ai: z
      .boolean()
      .optional()
      .describe('Whether the agent’s first line says it is an automated assistant (default true).'),
    ai_text: noticeText
      .nullable()
      .optional()
      .describe(
        'Wording of the AI disclosure; null: the service’s ("This is an automated assistant.").',
      ),
    recording_text: noticeText
      .nullable()
      .optional()
      .describe(
        'Wording of the recording notice, said first on recorded calls to all-party-consent jurisdictions; null: the service’s ("This call is being recorded.").',
      ),
  })
  .strict()
  .describe('What the agent’s first line discloses. Fields left out keep their value.')
  .meta({ id: 'DisclosuresRequest' });

export const Disclosures = z
  .object({
    ai: z.boolean().describe('Whether every call’s first line carries the AI disclosure.'),
    ai_text: z.string().describe('The AI disclosure as said.'),
    recording_text: z.string().describe('The recording notice as said.'),
  })
  .meta({ id: 'Disclosures' });

export const CallingRulesRequest = z
  .object({
    countries: z
      .array(country)
      .max(250)
      .nullable()
      .optional()
      .describe(
        'Countries this organization calls, within the service’s (`service.countries`); null: all of those.',
      ),
    hours: CallingHours.nullable()
      .optional()
      .describe('Narrows the service’s calling hours; null: the service’s window.'),
    disclosures: DisclosuresRequest.optional(),
  })
  .strict()
  .describe('Fields left out keep their value.')
  .meta({ id: 'CallingRulesRequest' });
export type CallingRulesRequest = z.infer<typeof CallingRulesRequest>;

export const CallingRulesResponse = z
  .object({
    countries: z.array(z.string()).nullable().describe('The organization’s countries; null: all.'),
    hours: CallingHours.nullable().describe('The organization’s own window; null: none.'),
    effective_hours: CallingHours.nullable().describe(
      'The window calls are placed in: the service’s narrowed by the organization’s.',
    ),
    service: z
      .object({
        countries: z.array(z.string()).describe('Countries the service calls (CALL_COUNTRIES).'),
        hours: CallingHours.nullable().describe('The service’s window (8 am to 9 pm by default).'),
        all_party_consent: z
          .object({
            us_states: z.array(z.string()).describe('US states, by the number (area code).'),
            countries: z
              .array(z.string())
              .describe('Countries the deployment lists (CALL_ALL_PARTY_CONSENT_COUNTRIES).'),
          })
          .describe(
            'Where recorded calls open with the recording notice (all-party-consent jurisdictions).',
          ),
      })
      .describe('The deployment’s rules, which organizations narrow.'),
    disclosures: Disclosures.describe(
      'What the agent’s first line says before anything else: the AI disclosure when on, and the recording notice on a recorded call to an all-party-consent jurisdiction.',
    ),
    refusals: z
      .array(
        z.object({
          code: z.string().describe('The refusal’s error code (e.g. NUMBER_ON_DNC_LIST).'),
          count: z.int().describe('Calls refused with it, at dispatch or at their dial.'),
          last_at: z.iso.datetime().describe('The latest of them.'),
        }),
      )
      .describe('How often the calling rules refused this organization’s calls, by code.'),
    updated_at: z.iso.datetime().nullable(),
  })
  .meta({ id: 'CallingRulesResponse' });

const reason = z
  .string()
  .trim()
  .max(500, 'must be at most 500 characters')
  .refine(storable, STORABLE)
  .describe('Why the number is listed (shown in the console).');

export const DNC_MAX_NUMBERS = 10_000;

const numbers = z
  .array(E164)
  .min(1, 'must list at least one number')
  .max(DNC_MAX_NUMBERS, `must list at most ${DNC_MAX_NUMBERS.toLocaleString('en-US')} numbers`);

export const DncAddRequest = z
  .object({
    number: E164.optional().describe('One number (E.164); or send `numbers`.'),
    numbers: numbers.optional().describe('Up to 10,000 numbers (E.164) in one request.'),
    reason: reason.optional(),
    source: z
      .enum(['api', 'console', 'import'])
      .default('api')
      .describe('Where the entry came from (`opt_out` is written by calls themselves).'),
  })
  .strict()
  .refine((b) => (b.number === undefined) !== (b.numbers === undefined), {
    path: ['numbers'],
    message: 'send either number or numbers',
  })
  .meta({ id: 'DncAddRequest' })
  .transform(({ number, numbers, ...rest }) => ({ ...rest, numbers: numbers ?? [number!] }));

export const DncRemoveRequest = z
  .object({
    number: E164.optional().describe('One number (E.164); or send `numbers`.'),
    numbers: numbers.optional().describe('Up to 10,000 numbers (E.164) in one request.'),
  })
  .strict()
  .refine((b) => (b.number === undefined) !== (b.numbers === undefined), {
    path: ['numbers'],
    message: 'send either number or numbers',
  })
  .meta({ id: 'DncRemoveRequest' })
  .transform(({ number, numbers }) => ({ numbers: numbers ?? [number!] }));

export const DncEntry = z
  .object({
    number: z.string().describe('E.164.'),
    reason: z.string().nullable(),
    source: z.enum(dncSources),
    call_id: z
      .uuid()
      .nullable()
      .describe('The call in which the callee opted out (source opt_out).'),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'DncEntry' });

export const DncListQuery = z
  .object({
    number: E164.optional().describe('Only this number (is it listed?).'),
    cursor: storedText().max(200).optional().describe('next_cursor from the previous page.'),
    limit: z.coerce.number().int().min(1).max(1000).default(100),
  })
  .strict()
  .meta({ id: 'DncListQuery' });

export const DncListResponse = z
  .object({
    numbers: z.array(DncEntry),
    next_cursor: z.string().nullable(),
  })
  .meta({ id: 'DncListResponse' });

export const DncChangeResponse = z
  .object({
    added: z.int().optional().describe('Numbers newly listed.'),
    already_listed: z.int().optional().describe('Numbers that were listed already (unchanged).'),
    removed: z.int().optional().describe('Numbers taken off the list.'),
  })
  .meta({ id: 'DncChangeResponse' });

export const OutsideCallingHoursError = ApiErrorEnvelope.extend({
  next_allowed_at: z.iso
    .datetime()
    .nullable()
    .describe(
      'The first instant inside calling hours in every time zone the number may ring in; null when none in the coming week.',
    ),
})
  .describe('422 OUTSIDE_CALLING_HOURS: the envelope, with when the call may be placed.')
  .meta({ id: 'OutsideCallingHoursError' });
