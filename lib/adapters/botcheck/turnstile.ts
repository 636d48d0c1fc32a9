import { z } from 'zod';
import type { BotCheck, BotCheckInput, BotCheckVerdict } from './types';

export const SITEVERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

const siteverifyReply = z.object({
  success: z.boolean(),
  'error-codes': z.array(z.string()).default([]),
});

/** Error codes that mean Turnstile itself failed, not that the token is bad. */
const PROVIDER_FAULTS = new Set(['internal-error']);

/** Cloudflare Turnstile siteverify. */
export class TurnstileBotCheck implements BotCheck {
  readonly kind = 'turnstile' as const;
  readonly enabled = true;
  readonly description = 'turnstile (siteverify)';

  constructor(
    private readonly secret: string,
    private readonly timeoutMs = 5_000,
  ) {}

  async verify(input: BotCheckInput): Promise<BotCheckVerdict> {
    const form = new URLSearchParams({ secret: this.secret, response: input.token });
    if (input.remoteIp) form.set('remoteip', input.remoteIp);
    if (input.idempotencyKey) form.set('idempotency_key', input.idempotencyKey);
    let body: unknown;
    try {
      const response = await fetch(SITEVERIFY_URL, {
        method: 'POST',
        body: form,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (!response.ok) return 'unavailable';
      body = await response.json();
    } catch {
      return 'unavailable';
    }
    const parsed = siteverifyReply.safeParse(body);
    if (!parsed.success) return 'unavailable';
    if (parsed.data.success) return 'valid';
    return parsed.data['error-codes'].some((code) => PROVIDER_FAULTS.has(code))
      ? 'unavailable'
      : 'invalid';
  }
}

/** No secret configured: verification is off and every check passes. */
export const botCheckOff: BotCheck = {
  kind: 'off',
  enabled: false,
  description: 'off (no TURNSTILE_SECRET_KEY)',
  verify: async () => 'valid',
};
