import { autoTopUpStatuses } from './stored-values';
import { CENT, DEFAULT_TOP_UP_USD, wholeCents } from './billing';
import { z } from './zod';

const usd = (min: number, what: string) =>
  z
    .number('must be a number of US dollars')
    .min(min, `must be at least ${min} USD`)
    .max(1_000_000, 'is too large')
    .refine(wholeCents, 'must be whole cents (at most 2 decimals)')
    .openapi({ multipleOf: CENT })
    .describe(what);

export const AutoTopUpRequest = z
  .object({
    enabled: z.boolean('must be true or false').describe('Whether recharges run.'),
    threshold_usd: usd(1, 'Recharge when a charge leaves the balance under this (at least $1).'),
    amount_usd: usd(5, 'What one recharge adds: a top-up, within the configured bounds.').openapi({
      minimum: DEFAULT_TOP_UP_USD.min,
      maximum: DEFAULT_TOP_UP_USD.max,
    }),
    monthly_cap_usd: usd(
      5,
      'Required, and at least amount_usd (a rule across two fields the schema cannot state): ' +
        'recharges of one UTC calendar month never add up to more than this.',
    ),
    low_balance_usd: usd(0.01, 'Mail the owners once each time the balance crosses under this.')
      .nullable()
      .default(null),
    confirm_charge_now: z
      .boolean()
      .default(false)
      .describe(
        'Required (true) when auto top-up is on and the balance is already under the threshold: ' +
          'saving then charges the saved card at once.',
      ),
  })
  .strict()
  .refine((v) => v.monthly_cap_usd >= v.amount_usd, {
    path: ['monthly_cap_usd'],
    message: 'must be at least amount_usd (no recharge could run otherwise)',
  })
  .meta({ id: 'AutoTopUpRequest' });
export type AutoTopUpRequest = z.infer<typeof AutoTopUpRequest>;

export const AutoTopUpSettings = z
  .object({
    enabled: z.boolean(),
    threshold_usd: z.number(),
    amount_usd: z.number(),
    monthly_cap_usd: z.number(),
    low_balance_usd: z.number().nullable(),
    consecutive_failures: z.int().describe('Declines in a row; the third turns auto top-up off.'),
    updated_at: z.string(),
  })
  .meta({ id: 'AutoTopUpSettings' });

export const AutoTopUpAttempt = z
  .object({
    attempt_id: z.uuid(),
    time: z.string(),
    amount_usd: z.number(),
    status: z.enum(autoTopUpStatuses),
    failure: z.string().nullable().describe("Stripe's decline code, or no_saved_card."),
    payment_intent_id: z.string().nullable(),
  })
  .meta({ id: 'AutoTopUpAttempt' });

export const AutoTopUpResponse = z
  .object({
    settings: AutoTopUpSettings.nullable().describe('null until saved once.'),
    provider: z
      .enum(['stripe', 'sandbox'])
      .describe('sandbox: recharges use a sandbox card that always pays; no money moves.'),
    balance_usd: z.number(),
    max_recharges_per_day: z.int(),
    recharges_today: z.int().describe('Attempts started this UTC day, whatever their outcome.'),
    charged_this_month_usd: z.number().describe('Recharges in flight or paid this UTC month.'),
    attempts: z.array(AutoTopUpAttempt).describe('The latest attempts, newest first.'),
  })
  .meta({ id: 'AutoTopUpResponse' });
export type AutoTopUpResponse = z.infer<typeof AutoTopUpResponse>;
