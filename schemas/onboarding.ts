import { apiKeyScopes } from './stored-values';
import { STORABLE, storable } from './text';
import { z } from './zod';
import { MonthlySpendCapCents } from './accounts';

export const OnboardingStartRequest = z
  .object({
    client_name: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .regex(/\S/, 'must not be blank')
      .refine(storable, STORABLE)
      .optional()
      .describe('Shown to the person who approves, and on the key in the console.'),
  })
  .meta({ id: 'OnboardingStartRequest' });

export const OnboardingStartResponse = z
  .object({
    device_code: z.string().describe('Secret: poll with it; never show it.'),
    user_code: z.string().describe('8 letters as XXXX-XXXX, for the person to confirm.'),
    verification_uri: z.url().describe('The console page where a person approves.'),
    verification_uri_complete: z.url().describe('The same page with the code filled in.'),
    expires_in: z.int().describe('Seconds (600).'),
    interval: z.int().describe('Seconds to wait between polls (5).'),
  })
  .meta({ id: 'OnboardingStartResponse' });

export const OnboardingPollRequest = z
  .object({ device_code: z.string().min(1).max(200) })
  .meta({ id: 'OnboardingPollRequest' });

export const OnboardingPollResponse = z
  .union([
    z.object({ status: z.enum(['pending', 'denied', 'expired', 'consumed']) }),
    z.object({
      status: z.literal('approved'),
      api_key: z.string().describe('vai_sk_…: returned this once only.'),
      org_id: z.uuid(),
      scopes: z.array(z.enum(apiKeyScopes)),
    }),
  ])
  .meta({ id: 'OnboardingPollResponse' });

export const OnboardingDecision = z
  .union([
    z
      .object({
        user_code: z.string().min(8).max(16),
        decision: z.literal('approve'),
        org_id: z.uuid(),
        scopes: z.array(z.enum(apiKeyScopes)).min(1).max(apiKeyScopes.length),
        monthly_spend_cap_cents: MonthlySpendCapCents.optional(),
      })
      .strict(),
    z.object({ user_code: z.string().min(8).max(16), decision: z.literal('deny') }).strict(),
  ])
  .meta({ id: 'OnboardingDecision' });
