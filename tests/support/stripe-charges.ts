import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deliver, signedEvent } from './stripe-standin';

/** What the bank does with an off-session charge of one org. */
export type ChargeOutcome = 'succeeded' | 'card_declined' | 'authentication_required';

export interface RecordedCharge {
  orgId: string;
  attemptId: string;
  idempotencyKey: string;
  amount: number;
  offSession: boolean;
  paymentIntentId: string;
  outcome: ChargeOutcome;
}

export interface StripeCharges {
  url: string;
  /** Every off-session PaymentIntent created (replays of an idempotency key not repeated). */
  charges: RecordedCharge[];
  /** The outcomes of the org's next charges, in order; once used up, they succeed. */
  script(orgId: string, outcomes: ChargeOutcome[]): void;
  close(): Promise<void>;
}

/**
 * The off-session side of Stripe that emulate lacks, in front of it: the customer's saved card,
 * PaymentIntents created with `confirm: true, off_session: true` that succeed, decline or need
 * the cardholder as scripted per org, Stripe's idempotency-key replay, and the signed
 * `payment_intent.succeeded` delivered to `webhookUrl` afterwards. Every other request is passed
 * to the emulate process at `upstream` (customers, Checkout Sessions).
 */
export async function startStripeCharges(options: {
  upstream: string;
  /** Where signed events go (an instance's origin; known once the instances run). */
  webhookBase: () => string;
  /** Held before answering a charge, so schedulers on every instance poll while it is in flight. */
  answerDelayMs?: number;
}): Promise<StripeCharges> {
  const charges: RecordedCharge[] = [];
  const scripts = new Map<string, ChargeOutcome[]>();
  const replies = new Map<string, { status: number; body: unknown }>();
  const upstream = new URL(options.upstream);
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'GET' && /^\/v1\/customers\/[^/]+\/payment_methods$/.test(path)) {
      return send(200, {
        object: 'list',
        url: path,
        has_more: false,
        data: [{ id: 'pm_card_saved', object: 'payment_method', type: 'card' }],
      });
    }
    if (req.method === 'POST' && path === '/v1/payment_intents') {
      void readBody(req).then(async (raw) => {
        const form = new URLSearchParams(raw);
        const key = String(req.headers['idempotency-key'] ?? '');
        await new Promise((resolve) => setTimeout(resolve, options.answerDelayMs ?? 0));
        const replay = replies.get(key);
        if (replay) return send(replay.status, replay.body);
        const orgId = form.get('metadata[org_id]') ?? '';
        const attemptId = form.get('metadata[auto_top_up_attempt_id]') ?? '';
        const outcome = scripts.get(orgId)?.shift() ?? 'succeeded';
        const id = `pi_auto_${charges.length + 1}_${Math.random().toString(36).slice(2, 8)}`;
        const amount = Number(form.get('amount'));
        charges.push({
          orgId,
          attemptId,
          idempotencyKey: key,
          amount,
          offSession: form.get('off_session') === 'true',
          paymentIntentId: id,
          outcome,
        });
        const intent = {
          id,
          object: 'payment_intent',
          amount,
          currency: 'usd',
          metadata: { org_id: orgId, auto_top_up_attempt_id: attemptId },
          status: outcome === 'succeeded' ? 'succeeded' : 'requires_payment_method',
        };
        const reply =
          outcome === 'succeeded'
            ? { status: 200, body: intent }
            : {
                status: 402,
                body: {
                  error: {
                    type: 'card_error',
                    code: outcome,
                    ...(outcome === 'card_declined' ? { decline_code: 'insufficient_funds' } : {}),
                    message: `Scripted: ${outcome}`,
                    payment_intent: intent,
                  },
                },
              };
        replies.set(key, reply);
        send(reply.status, reply.body);
        if (outcome === 'succeeded')
          await deliver(options.webhookBase(), signedEvent('payment_intent.succeeded', intent));
      });
      return;
    }
    const forward = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => send(502, { error: { message: 'stand-in upstream down' } }));
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    charges,
    script: (orgId, outcomes) => scripts.set(orgId, [...outcomes]),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}
