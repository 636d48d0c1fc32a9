import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '@/lib/platform/config/config';

// Without Stripe, top-ups go through the sandbox checkout, whose Pay button credits the wallet
// with no money moving. On a public deployment that is free credit for anyone: start-up refuses it
// unless SANDBOX_PAYMENTS=true says it is meant (a public demo).

const STRIPE = { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' };

describe('the sandbox checkout on a public deployment', () => {
  it.each(['https://voice.example', 'http://203.0.113.7:3000', 'https://localhost.evil.example'])(
    'stops start-up in production at %s, naming the variables',
    (site) => {
      const env = { NODE_ENV: 'production', PUBLIC_SITE_URL: site };
      expect(() => parseConfig(env)).toThrow(ConfigError);
      expect(() => parseConfig(env)).toThrow(/^\s+SANDBOX_PAYMENTS: .*PUBLIC_SITE_URL/m);
      expect(() => parseConfig(env)).toThrow(/STRIPE_SECRET_KEY/);
    },
  );

  it('starts when the sandbox is meant, or Stripe is configured', () => {
    const site = { NODE_ENV: 'production', PUBLIC_SITE_URL: 'https://voice.example' };
    expect(parseConfig({ ...site, SANDBOX_PAYMENTS: 'true' }).SANDBOX_PAYMENTS).toBe(true);
    expect(parseConfig({ ...site, ...STRIPE }).SANDBOX_PAYMENTS).toBe(false);
    expect(() => parseConfig({ ...site, SANDBOX_PAYMENTS: 'maybe' })).toThrow(
      /^\s+SANDBOX_PAYMENTS:/m,
    );
  });

  it.each([
    [
      'production on a loopback site',
      { NODE_ENV: 'production', PUBLIC_SITE_URL: 'http://127.0.0.1:3000' },
    ],
    [
      'production on localhost',
      { NODE_ENV: 'production', PUBLIC_SITE_URL: 'http://localhost:3000' },
    ],
    ['production on [::1]', { NODE_ENV: 'production', PUBLIC_SITE_URL: 'http://[::1]:3000' }],
    ['production without a site URL', { NODE_ENV: 'production' }],
    ['development on a public site', { PUBLIC_SITE_URL: 'https://voice.example' }],
  ])('keeps the sandbox in %s', (_, env) => {
    expect(() => parseConfig(env)).not.toThrow();
  });
});
