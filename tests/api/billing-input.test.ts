// Top-ups and the ledger refuse bad input with the envelope (never a 500), on the sandbox
// checkout; and start-up refuses one Stripe variable without the other.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../support/leads-api';
import { runServerExpectingExit } from '../support/server';
import { STRIPE_TEST_KEY } from '../support/stripe-standin';
import { createTestOrg, startVoiceServer, voice, type VoiceServer } from '../support/voice-api';

let server: VoiceServer;
let base: string;

beforeAll(async () => {
  server = await startVoiceServer();
  base = server.url;
}, 90_000);
afterAll(() => server?.dispose());

describe('bad input', () => {
  it('amounts out of bounds or not whole cents, and a missing key, answer the envelope', async () => {
    const org = await createTestOrg(base, 0);
    for (const amount_usd of [4.99, 1000.01, 5.001, '5', -5, null]) {
      const response = await voice(base, org.apiKey, '/v1/billing/top-ups', {
        json: { amount_usd },
      });
      const { envelope } = await expectError(response, 400, 'INVALID_BODY');
      expect(envelope.error.field).toBe('amount_usd');
    }
    const noKey = await fetch(`${base}/v1/billing/top-ups`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"amount_usd": 5}',
    });
    await expectError(noKey, 401, 'UNAUTHENTICATED');
    await expectError(
      await voice(base, org.apiKey, '/v1/billing/ledger?cursor=abc'),
      400,
      'INVALID_QUERY',
    );
    await expectError(
      await voice(base, org.apiKey, '/v1/billing/ledger?format=xml'),
      400,
      'INVALID_QUERY',
    );
  });

  it('the ledger streams as CSV', async () => {
    const org = await createTestOrg(base, 3);
    const response = await voice(base, org.apiKey, '/v1/billing/ledger?format=csv');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (await response.text()).trim().split('\n');
    expect(lines[0]).toMatch(/^id,time,kind,amount_usd,balance_after_usd/);
    expect(lines[1]).toMatch(/,starting_credit,3\.000000,3\.000000,/);
  });
});

describe('start-up', () => {
  it('stops when one Stripe variable is set without the other, naming the missing one', async () => {
    const half = await runServerExpectingExit({ STRIPE_SECRET_KEY: STRIPE_TEST_KEY });
    expect(half.code).toBe(1);
    expect(half.output).toMatch(
      /STRIPE_WEBHOOK_SECRET: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together/,
    );
  }, 90_000);
});
