import { ttsSocketRoute } from '../speech/tts-socket';
import { twilioMediaRoute } from '../calls/conversation/twilio-media-socket';
import type { WebSocketEndpoint } from '../platform/http/ws-endpoint';
import { getDb } from '../adapters/db';
import { getConversationDeps } from './root';
import { getSpeechDeps } from './root';

export { UpgradeRefused, type WebSocketEndpoint } from '../platform/http/ws-endpoint';

/**
 * WebSocket endpoints served by server.ts, by exact path. server.ts takes their upgrades before
 * Next sees them (Next's upgrade listener sits on a stand-in server), so a route.ts on the same
 * path only answers plain HTTP (app/v2/tts/ws: 426).
 */
export const webSocketRoutes: Record<string, WebSocketEndpoint> = {
  '/v2/tts/ws': ttsSocketRoute({ db: getDb, speech: getSpeechDeps }),
  '/v1/telephony/twilio/media': twilioMediaRoute(getConversationDeps),
};
