import { request as httpRequest, type Agent } from 'node:http';
import { request as httpsRequest } from 'node:https';
import {
  RequestFilteringHttpAgent,
  RequestFilteringHttpsAgent,
  type RequestFilteringAgentOptions,
} from 'request-filtering-agent';
import { Webhook } from 'standardwebhooks';
import {
  WebhookError,
  type WebhookDelivery,
  type WebhookResult,
  type WebhookSender,
} from './types';

const TIMEOUT_MS = 10_000;
const MAX_ERROR_BODY = 200;

export interface HttpWebhookOptions {
  /** Standard Webhooks secret (`whsec_…`) for deliveries that bring none of their own. */
  secret?: string;
  /** Private addresses a receiver may still resolve to (IPs or CIDRs); all others are refused. */
  allowIps?: string[];
  now?: () => Date;
}

/**
 * Posts deliveries signed per Standard Webhooks. Editors type the receiver URLs, so every
 * connection goes through an agent that refuses private, loopback and metadata addresses after
 * DNS resolution (no rebinding), and redirects are not followed.
 */
export class HttpWebhookSender implements WebhookSender {
  readonly kind = 'http' as const;
  readonly description = 'signed HTTP POST (Standard Webhooks)';
  private readonly webhook: Webhook | undefined;
  private readonly agents: { http: Agent; https: Agent };
  private readonly now: () => Date;

  constructor(options: HttpWebhookOptions) {
    this.webhook = options.secret ? new Webhook(options.secret) : undefined;
    const filter: RequestFilteringAgentOptions = { allowIPAddressList: options.allowIps ?? [] };
    this.agents = {
      http: new RequestFilteringHttpAgent({ keepAlive: true, ...filter }),
      https: new RequestFilteringHttpsAgent({ keepAlive: true, ...filter }),
    };
    this.now = options.now ?? (() => new Date());
  }

  send(delivery: WebhookDelivery): Promise<WebhookResult> {
    const signer = delivery.secret ? new Webhook(delivery.secret) : this.webhook;
    if (!signer) return Promise.reject(new WebhookError('no signing secret for this delivery'));
    const timeoutMs = delivery.timeoutMs ?? TIMEOUT_MS;
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const timestamp = this.now();
    const payload = JSON.stringify({
      type: delivery.type,
      timestamp: timestamp.toISOString(),
      data: delivery.data,
    });
    const url = new URL(delivery.url);
    const headers = {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(payload)),
      'user-agent': 'voiceai-webhooks/1',
      'webhook-id': delivery.id,
      'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
      'webhook-signature': signer.sign(delivery.id, timestamp, payload),
    };
    const secure = url.protocol === 'https:';
    const send = secure ? httpsRequest : httpRequest;
    return new Promise<WebhookResult>((resolve, reject) => {
      const req = send(
        url,
        {
          method: 'POST',
          headers,
          agent: secure ? this.agents.https : this.agents.http,
          timeout: timeoutMs,
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            if (body.length < MAX_ERROR_BODY) body += chunk;
          });
          res.on('end', () => {
            const status = res.statusCode ?? 0;
            if (status >= 200 && status < 300) resolve({ status, ms: elapsed() });
            else
              reject(
                new WebhookError(
                  `receiver answered ${status}: ${body.slice(0, MAX_ERROR_BODY)}`,
                  status,
                  elapsed(),
                ),
              );
          });
          res.on('error', (error) => reject(new WebhookError(error.message, undefined, elapsed())));
        },
      );
      req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
      req.on('error', (error) => reject(new WebhookError(error.message, undefined, elapsed())));
      req.end(payload);
    });
  }
}
