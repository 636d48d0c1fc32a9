import type { z } from 'zod';
import { isLoopbackHost } from '../runtime/is-loopback-host';

/**
 * The sandbox checkout credits a wallet with no money moving: on a public production site that
 * is free credit for anyone, so start-up stops unless SANDBOX_PAYMENTS=true says it is meant.
 */
export function checkSandboxPayments(
  env: {
    NODE_ENV: string;
    PUBLIC_SITE_URL?: string;
    STRIPE_SECRET_KEY?: string;
    SANDBOX_PAYMENTS: boolean;
  },
  ctx: z.RefinementCtx,
): void {
  if (env.NODE_ENV !== 'production' || env.STRIPE_SECRET_KEY || env.SANDBOX_PAYMENTS) return;
  if (!env.PUBLIC_SITE_URL || isLoopbackHost(new URL(env.PUBLIC_SITE_URL).hostname)) return;
  ctx.addIssue({
    code: 'custom',
    path: ['SANDBOX_PAYMENTS'],
    message:
      `PUBLIC_SITE_URL (${env.PUBLIC_SITE_URL}) is public and no STRIPE_SECRET_KEY is set, so top-ups ` +
      'would use the sandbox checkout, where anyone credits their own wallet for free: set ' +
      'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or SANDBOX_PAYMENTS=true if that is meant',
  });
}
