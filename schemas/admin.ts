import { STORABLE, storable } from './text';
import { z } from './zod';

const usd = (max: number) => z.number().finite().min(0).max(max).multipleOf(0.000001);

export const CreateOrgRequest = z
  .object({
    name: z
      .string()
      .trim()
      .min(1)
      .regex(/\S/)
      .max(200)
      .refine(storable, STORABLE)
      .describe('Display name of the organization.'),
    starting_credit_usd: usd(10_000)
      .optional()
      .describe('Credit granted at creation (default 0); never counts toward the $5 unlock.'),
  })
  .meta({ id: 'CreateOrgRequest' });

export const DepositRequest = z
  .object({
    amount_usd: usd(1_000_000).positive().describe('Amount added to the wallet, in US dollars.'),
  })
  .meta({ id: 'DepositRequest' });

const limit = z.int().min(0).max(100_000).nullable().optional();

export const LimitsPatch = z
  .object({
    concurrency: limit.describe('Concurrent speech generations; null returns to the tier.'),
    instant_clones: limit,
    live_clones: limit,
    concurrent_calls: limit.describe('Calls in progress at once (default 10).'),
  })
  .meta({ id: 'LimitsPatch' });
