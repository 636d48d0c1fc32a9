import type { IncomingMessage } from 'node:http';
import { Conversation, type ConversationDeps } from '.';
import { mediaStreamUrl } from '../../adapters/telephony';
import { UpgradeRefused, type WebSocketEndpoint } from '../../platform/http/ws-endpoint';

/**
 * WSS /v1/telephony/twilio/media. Twilio signs the upgrade (X-Twilio-Signature over the stream
 * URL we gave it): anything else is refused with 403 before a socket exists. The `start`
 * frame's own signed token is checked by the conversation. No carrier configured (`build` gives
 * null) → 404.
 */
export const twilioMediaRoute =
  (build: () => Promise<ConversationDeps | null>): WebSocketEndpoint =>
  async (request: IncomingMessage) => {
    const deps = await build();
    if (!deps) throw new UpgradeRefused(404, 'No carrier is configured on this server.');
    const search = new URL(request.url ?? '/', 'http://localhost').search;
    const url = `${mediaStreamUrl(deps.carrier.publicApiUrl)}${search}`;
    const header = request.headers['x-twilio-signature'];
    const signature = typeof header === 'string' ? header : null;
    if (!deps.carrier.validSignature(signature, url, {})) {
      throw new UpgradeRefused(403, 'The upgrade does not carry a valid Twilio signature.');
    }
    return (socket) => {
      const conversation = new Conversation(deps, {
        send: (frame) => socket.send(JSON.stringify(frame)),
        close: (code, reason) => socket.close(code, reason),
      });
      let work = Promise.resolve();
      socket.on('message', (data, isBinary) => {
        if (isBinary) return socket.close(1003, 'media streams send text frames');
        const text = Array.isArray(data)
          ? Buffer.concat(data).toString('utf8')
          : data.toString('utf8');
        // In order: a media frame never overtakes the start frame being checked.
        work = work
          .then(() => conversation.handleText(text))
          .catch((error: unknown) => {
            console.error('media stream:', error);
            socket.close(1011, 'internal error');
          });
      });
      socket.on('close', () => void work.then(() => conversation.onClosed()));
      socket.on('error', () => void work.then(() => conversation.onClosed()));
    };
  };
