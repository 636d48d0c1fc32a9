import { ttsSocketRoute } from './tts-socket';
import { twilioMediaRoute } from './twilio-media-socket';
import type { WebSocketEndpoint } from './types';

export { UpgradeRefused, type WebSocketEndpoint } from './types';

/**
 * WebSocket endpoints served by server.ts, by exact path. No route.ts may exist on these
 * paths: Next would end the upgrade itself.
 */
export const webSocketRoutes: Record<string, WebSocketEndpoint> = {
  '/v2/tts/ws': ttsSocketRoute,
  '/v1/telephony/twilio/media': twilioMediaRoute,
};
