// Sends requests over plain node:http (fetch refuses TRACE, bodies on GET and some headers) with
// a few in flight at once, and reads each answer whole.
import { Agent, request as httpRequest } from 'node:http';
import type { Answer } from './oracle';

export interface Outgoing {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

const agent = new Agent({ keepAlive: true, maxSockets: 16 });

/**
 * One request, answered whole. A keep-alive socket the other end closes just as a request goes out
 * on it is reset before any answer (the race Node's docs describe under `request.reusedSocket`):
 * that request is sent once more on a fresh socket, as browsers and undici do. A reset on a fresh
 * socket is the server's, and reported.
 */
export async function send(base: string, outgoing: Outgoing, timeoutMs = 30_000): Promise<Answer> {
  try {
    return await sendOnce(base, outgoing, timeoutMs, agent);
  } catch (error) {
    if (!(error instanceof StaleSocketReset)) throw error;
    return sendOnce(base, outgoing, timeoutMs, false);
  }
}

class StaleSocketReset extends Error {}

function sendOnce(
  base: string,
  outgoing: Outgoing,
  timeoutMs: number,
  via: Agent | false,
): Promise<Answer> {
  const url = new URL(base);
  return new Promise<Answer>((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method: outgoing.method,
        path: outgoing.path,
        headers: {
          ...outgoing.headers,
          ...(outgoing.body ? { 'content-length': String(outgoing.body.length) } : {}),
        },
        agent: via,
        timeout: timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer in ${timeoutMs} ms`)));
    req.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        req.reusedSocket && error.code === 'ECONNRESET'
          ? new StaleSocketReset(error.message)
          : error,
      ),
    );
    req.end(outgoing.body);
  });
}

/** Runs `work` over `items` with at most `concurrency` in flight; keeps the input order. */
export async function pool<T, R>(
  items: T[],
  concurrency: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

export function closeAgent(): void {
  agent.destroy();
}
