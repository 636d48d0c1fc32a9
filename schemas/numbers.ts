// Phone numbers (issue 34): numbers an organization rents, where its saved agents answer calls and
// from which its calls may be placed.
import { AgentId } from './calls';
import { E164 } from './phone';
import { STORABLE, storable } from './text';
import { numberSources } from './stored-values';
import { z } from './zod';

export const NumberBuyRequest = z
  .object({
    country: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code, e.g. US')
      .transform((value) => value.toUpperCase())
      .describe('ISO 3166 country code of the number, e.g. US.'),
    area_code: z
      .string()
      .trim()
      .regex(/^\d{2,5}$/, 'must be 2–5 digits')
      .optional()
      .describe('Area code the number should have (North America: three digits, e.g. 415).'),
    contains: z
      .string()
      .trim()
      .regex(/^\d{1,10}$/, 'must be 1–10 digits')
      .optional()
      .describe('Digits the number should contain.'),
  })
  .strict()
  .meta({ id: 'NumberBuyRequest' });
export type NumberBuyInput = z.infer<typeof NumberBuyRequest>;

export const NumberImportRequest = z
  .object({
    number: E164.describe('A number already in the service’s carrier account, E.164.'),
  })
  .strict()
  .meta({ id: 'NumberImportRequest' });

const label = z
  .string()
  .trim()
  .max(100)
  .refine(storable, STORABLE)
  .describe('A name for people, up to 100 characters.');

export const NumberUpdateRequest = z
  .object({
    inbound_agent_id: AgentId.nullable()
      .optional()
      .describe(
        'The saved agent that answers calls to this number; null: none (callers hear a short message).',
      ),
    label: label.nullable().optional(),
  })
  .strict()
  .meta({ id: 'NumberUpdateRequest' });

export const PhoneNumberObject = z
  .object({
    number: z
      .string()
      .describe('E.164; the path segment of PATCH and DELETE /v1/numbers/{number}.'),
    source: z
      .enum(numberSources)
      .describe(
        'purchased or imported at the carrier, or sandbox: a fictional number that rings nowhere.',
      ),
    sandbox: z
      .boolean()
      .describe('True for a sandbox number (555-01xx, fictional in North America).'),
    label: z.string().nullable(),
    inbound_agent_id: z.uuid().nullable().describe('The saved agent that answers; null: none.'),
    monthly_fee: z.number().describe('Rent in US dollars, charged to the wallet each month.'),
    paid_until: z.iso.datetime().describe('The next month’s rent is charged then.'),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'PhoneNumber' });
export type PhoneNumberBody = z.infer<typeof PhoneNumberObject>;

export const NumberListResponse = z
  .object({
    numbers: z
      .array(PhoneNumberObject)
      .describe('Every number the organization holds, oldest first.'),
    monthly_fee: z.number().describe('What a new number costs each month, in US dollars.'),
  })
  .meta({ id: 'NumberListResponse' });

export const NumberReleaseResponse = z
  .object({ status: z.literal('success'), number: z.string() })
  .meta({ id: 'NumberReleaseResponse' });

export const NumberParam = z.object({
  number: z.string().describe('The number, E.164 (`+` may be sent as %2B or left out).'),
});

export const NumberTestCallResponse = z
  .object({
    status: z.literal('success'),
    call_id: z.uuid().describe('The simulated inbound call: GET /v1/calls/{call_id} follows it.'),
    from: z.string().describe('The scripted caller (a fictional 555-01xx number).'),
    to: z.string().describe('The number rung.'),
  })
  .meta({ id: 'NumberTestCallResponse' });
