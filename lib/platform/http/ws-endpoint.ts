import type { IncomingMessage } from 'node:http';
import type { WebSocket } from 'ws';

/**
 * One WebSocket endpoint: it decides on the upgrade request (rejecting with UpgradeRefused to
 * answer an HTTP status instead of upgrading) and returns the handler of the accepted socket.
 */
export type WebSocketEndpoint = (request: IncomingMessage) => Promise<(socket: WebSocket) => void>;

export class UpgradeRefused extends Error {
  override name = 'UpgradeRefused';
  constructor(
    readonly status: number,
    message: string,
    /** Extra response headers (Retry-After on a 503). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}
