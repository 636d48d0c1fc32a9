import { z } from 'zod';
import { flag, optionalString } from '../runtime/env-fields';
const dollars = (fallback: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : Number(v)))
    .pipe(
      z
        .number('must be a number of US dollars')
        .min(0.5, 'must be at least 0.50 (Stripe’s smallest USD charge)')
        .max(1_000_000, 'must be at most 1000000'),
    );

/** The payments port's variables (spread into lib/platform/config/config.ts's schema). */
export const paymentsEnvShape = {
  // Both set → top-ups through Stripe Checkout; unset → the sandbox checkout (no money moves).
  STRIPE_SECRET_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_…, sk_live_…)')
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: optionalString.pipe(
    z
      .string()
      .regex(/^whsec_\w+$/, 'must be a Stripe webhook signing secret (whsec_…)')
      .optional(),
  ),
  // Scheme, host and port of a Stripe-compatible stand-in; unset: api.stripe.com.
  STRIPE_API_BASE_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  // Bounds of one top-up, in US dollars.
  TOP_UP_MIN_USD: dollars(5),
  TOP_UP_MAX_USD: dollars(1000),
  // Minutes an accepted auto top-up charge waits for its webhook before the provider is asked.
  AUTO_TOP_UP_WEBHOOK_WAIT_MINUTES: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === undefined || v === '' ? 60 : Number(v)))
    .pipe(
      z
        .number('must be a number of minutes')
        .min(1, 'must be at least 1')
        .max(10_080, 'must be at most 10080 (a week)'),
    ),
  // true: the sandbox checkout is meant even on a public production site (a demo); see
  // check-sandbox-payments.ts.
  SANDBOX_PAYMENTS: flag,
};

/** One Stripe variable without the other stops start-up, naming the missing one. */
export function checkPaymentsEnv(
  env: {
    STRIPE_SECRET_KEY?: string;
    STRIPE_WEBHOOK_SECRET?: string;
    TOP_UP_MIN_USD: number;
    TOP_UP_MAX_USD: number;
  },
  ctx: z.RefinementCtx,
): void {
  if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET)) {
    ctx.addIssue({
      code: 'custom',
      path: [env.STRIPE_SECRET_KEY ? 'STRIPE_WEBHOOK_SECRET' : 'STRIPE_SECRET_KEY'],
      message:
        'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together (top-ups through Stripe); unset both for the sandbox checkout',
    });
  }
  if (env.TOP_UP_MIN_USD > env.TOP_UP_MAX_USD) {
    ctx.addIssue({
      code: 'custom',
      path: ['TOP_UP_MAX_USD'],
      message: 'must be at least TOP_UP_MIN_USD',
    });
  }
}
