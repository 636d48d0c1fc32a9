import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A real HTTP webhook receiver on loopback that records every request and answers `status`. */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const state = { status: 204, location: 'http://169.254.169.254/latest/meta-data' };
  /** Statuses to answer before falling back to `status`, one per request. */
  const queue: number[] = [];
  /** While set, requests are read and then held unanswered (a receiver that hangs). */
  let holding: Set<() => void> | undefined;
  /** Requests held so far: whether the sender has hung up since. */
  const held: { closed: boolean }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      if (holding) {
        const entry = { closed: false };
        held.push(entry);
        res.on('close', () => (entry.closed = true));
        holding.add(() => answer(res));
        return;
      }
      answer(res);
    });
  });
  const answer = (res: ServerResponse) => {
    if (res.writableEnded || res.destroyed) return;
    const status = queue.shift() ?? state.status;
    res.statusCode = status;
    if (status >= 300 && status < 400) res.setHeader('location', state.location);
    res.end(status >= 400 ? 'receiver says no' : '');
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    setStatus(status: number) {
      state.status = status;
    },
    /** Answers these statuses to the next requests, in order. */
    answerNext(...statuses: number[]) {
      queue.push(...statuses);
    },
    held,
    /** From now on, hold every request without an answer. */
    hang() {
      holding ??= new Set();
    },
    /** Answers the held requests (those whose sender still waits) and stops holding. */
    release() {
      const pending = holding;
      holding = undefined;
      for (const answerHeld of pending ?? []) answerHeld();
    },
    redirectTo(location: string) {
      state.location = location;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Verifies a delivery as a receiver holding `secret` would; throws when the signature is wrong. */
export function verifyWebhook(secret: string, delivery: ReceivedWebhook): unknown {
  return new Webhook(secret).verify(delivery.body, {
    'webhook-id': String(delivery.headers['webhook-id']),
    'webhook-timestamp': String(delivery.headers['webhook-timestamp']),
    'webhook-signature': String(delivery.headers['webhook-signature']),
  });
}
