import { ledgerKinds } from './stored-values';
import { z } from './zod';

export const wholeCents = (v: number) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;

/** What `wholeCents` says in JSON Schema (validators read a float multipleOf with a tolerance). */
export const CENT = 0.01;

/** The bounds of one top-up when TOP_UP_MIN_USD and TOP_UP_MAX_USD are not set. */
export const DEFAULT_TOP_UP_USD = { min: 5, max: 1000 } as const;

export const TopUpAmount = z
  .number('must be a number of US dollars')
  .positive('must be more than 0')
  .max(1_000_000, 'is too large')
  .refine(wholeCents, 'must be whole cents (at most 2 decimals)')
  // The document states the configured bounds (voiceOpenApi), which the wallet enforces.
  .openapi({
    minimum: DEFAULT_TOP_UP_USD.min,
    maximum: DEFAULT_TOP_UP_USD.max,
    multipleOf: CENT,
  })
  .describe('US dollars, whole cents, between the configured bounds.');

export const TopUpRequest = z
  .object({ amount_usd: TopUpAmount })
  .strict()
  .meta({ id: 'TopUpRequest' });

export const TopUpResponse = z
  .object({
    top_up_id: z.uuid(),
    amount_usd: z.number(),
    checkout_url: z
      .url()
      .describe(
        'Where a person pays: Stripe Checkout, or the sandbox checkout when Stripe is not configured.',
      ),
    provider: z.enum(['stripe', 'sandbox']),
  })
  .meta({ id: 'TopUpResponse' });

const isoDateTime = z.iso.datetime({ offset: true, error: 'must be an ISO date-time' });

export const LedgerQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(1000).default(100).describe('1–1000, default 100.'),
    cursor: z
      .string()
      // What parseLedgerCursor takes: the id of a row, any of which is a place to read on from.
      .regex(/^[1-9][0-9]{0,15}$/, 'not a cursor we gave')
      .optional()
      .describe('next_cursor from the previous page.'),
    from: isoDateTime.optional().describe('Rows at or after this time.'),
    to: isoDateTime.optional().describe('Rows before this time.'),
    format: z
      .enum(['json', 'csv'])
      .default('json')
      .describe('csv: every row of the range streamed as text/csv (limit and cursor ignored).'),
  })
  .strict();

export const LedgerEntry = z
  .object({
    id: z.string().describe('Row id; also the cursor of the page that ends with it.'),
    time: z.string().describe('ISO date-time of the change.'),
    kind: z.enum(ledgerKinds),
    amount_usd: z.number().describe('Signed change of the balance.'),
    balance_after_usd: z.number(),
    owed_change_usd: z
      .number()
      .nullable()
      .describe(
        'Change of what the org owes: a reversal the balance could not cover, or its repayment.',
      ),
    reference: z
      .string()
      .nullable()
      .describe('What caused it: a call id, speech:<id>, a Stripe PaymentIntent id, a dispute id.'),
    key_id: z
      .string()
      .nullable()
      .describe(
        'The API key whose request caused it: a call charge, a speech charge and its refund, a top-up started with a key. null for changes no key caused: the console, an OAuth access token on the tool server, a public share link, Stripe events, admin deposits.',
      ),
    receipt_url: z.string().nullable().describe("Stripe's receipt of a top-up."),
  })
  .meta({ id: 'LedgerEntry' });

export const LedgerResponse = z
  .object({
    entries: z.array(LedgerEntry).describe('Newest first.'),
    count: z.int(),
    next_cursor: z.string().nullable(),
  })
  .meta({ id: 'LedgerResponse' });

export const WebhookAck = z.object({ received: z.literal(true), outcome: z.string() });

export const SandboxCheckoutAction = z.object({ action: z.enum(['pay', 'decline']) });
