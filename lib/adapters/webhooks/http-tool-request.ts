import { request as httpRequest, type Agent } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { Webhook } from 'standardwebhooks';

/** What a tool's request answered: its status and the start of its body. */
export interface ToolAnswer {
  status: number;
  body: string;
}

export interface ToolRequest {
  id: string;
  url: string;
  method: 'POST' | 'GET';
  /** The customer's own headers (never logged). */
  headers: Record<string, string>;
  /** The JSON sent: the body of a POST, the `payload` query parameter of a GET. */
  payload: string;
  /** Standard Webhooks secret (`whsec_…`) of the organization. */
  secret: string;
  allowIps: string[];
  /** How much of the answer is kept. */
  maxBytes: number;
  /** Aborts the request (its timeout is the caller's, on the caller's clock). */
  signal: AbortSignal;
  now: Date;
}

/** Refused by the address filter (a private, loopback or metadata address after DNS). */
export class ToolRefused extends Error {}

const agents = new Map<string, { http: Agent; https: Agent }>();

/** One pair of filtering agents per allow-list, kept for keep-alive. */
function agentsFor(allowIps: string[]) {
  const key = allowIps.join(',');
  let pair = agents.get(key);
  if (!pair) {
    const filter = { allowIPAddressList: allowIps, keepAlive: true };
    pair = {
      http: new RequestFilteringHttpAgent(filter),
      https: new RequestFilteringHttpsAgent(filter),
    };
    agents.set(key, pair);
  }
  return pair;
}

/**
 * Sends one call of a tool to the customer's URL, signed as our webhooks are, through the same
 * address-filtering agents (no private addresses after DNS, no redirects followed).
 */
export function sendToolRequest(req: ToolRequest): Promise<ToolAnswer> {
  const signature = new Webhook(req.secret).sign(req.id, req.now, req.payload);
  const url = new URL(req.url);
  if (req.method === 'GET') url.searchParams.set('payload', req.payload);
  const body = req.method === 'POST' ? req.payload : '';
  const headers = {
    ...req.headers,
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
    'user-agent': 'voiceai-tools/1',
    'webhook-id': req.id,
    'webhook-timestamp': String(Math.floor(req.now.getTime() / 1000)),
    'webhook-signature': signature,
  };
  const secure = url.protocol === 'https:';
  const pair = agentsFor(req.allowIps);
  const send = secure ? httpsRequest : httpRequest;
  return new Promise<ToolAnswer>((resolve, reject) => {
    const out = send(
      url,
      { method: req.method, headers, agent: secure ? pair.https : pair.http, signal: req.signal },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size < req.maxBytes) chunks.push(chunk);
          size += chunk.length;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).subarray(0, req.maxBytes).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    out.on('error', (error) =>
      // request-filtering-agent words its refusal "… is not allowed …".
      reject(/not allowed/i.test(error.message) ? new ToolRefused(error.message) : error),
    );
    out.end(body);
  });
}
