import type { IncomingMessage } from 'node:http';
import type { Db } from '../adapters/db';
import { ApiError } from '../platform/errors/api-error';
import { asApiError } from '../platform/errors/dependency-errors';
import { authenticateOrg, requireScope, type AuthenticatedOrg } from '../accounts';
import { TtsSession } from './tts-session';
import type { SpeechDeps } from './types';
import { UpgradeRefused, type WebSocketEndpoint } from '../platform/http/ws-endpoint';

/**
 * WSS /v2/tts/ws. Authenticated like the other voice endpoints: `Authorization: Bearer <key>`
 * (or a bare key), or — for browsers, whose WebSocket API cannot set headers — `?api_key=<key>`.
 * No valid key → 401 on the upgrade itself. The composition root hands in how to reach the database
 * and the speech dependencies, built only once a key is accepted.
 */
export const ttsSocketRoute =
  (build: { db: () => Promise<Db>; speech: () => Promise<SpeechDeps> }): WebSocketEndpoint =>
  async (request: IncomingMessage) => {
    const query = new URL(request.url ?? '/', 'http://localhost').searchParams.get('api_key');
    const header = request.headers.authorization ?? (query ? `Bearer ${query}` : null);
    let org: AuthenticatedOrg;
    let deps: SpeechDeps;
    try {
      org = await authenticateOrg(await build.db(), header);
      requireScope(org, { scope: 'speech' });
      deps = await build.speech();
    } catch (error) {
      // An outage answers the upgrade 503 with Retry-After, like the HTTP routes.
      const refused = asApiError(error, () => new ApiError('INTERNAL_ERROR', { cause: error }));
      if (refused.code === 'INTERNAL_ERROR') throw error;
      throw new UpgradeRefused(refused.status, refused.message, refused.headers);
    }
    return (socket) => {
      const session = new TtsSession(
        deps,
        org.orgId,
        {
          sendJson: (frame) => socket.send(JSON.stringify(frame)),
          sendBinary: (data) => socket.send(data, { binary: true }),
          close: (code, reason) => socket.close(code, reason),
        },
        org,
      );
      socket.on('message', (data, isBinary) => {
        if (isBinary) return session.binaryRejected();
        const text = Array.isArray(data)
          ? Buffer.concat(data).toString('utf8')
          : data.toString('utf8');
        session.handleText(text).catch((error: unknown) => {
          console.error(`tts session ${session.sessionId}:`, error);
          session.failed(error);
        });
      });
      socket.on('close', () => void session.onClosed());
      socket.on('error', () => void session.onClosed());
    };
  };
