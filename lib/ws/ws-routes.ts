import type { IncomingMessage } from 'node:http';
import type { WebSocket } from 'ws';

export type WebSocketHandler = (socket: WebSocket, request: IncomingMessage) => void;

/**
 * WebSocket endpoints served by server.ts, by exact path. No route.ts may exist on these
 * paths: Next would end the upgrade itself.
 */
export const webSocketRoutes: Record<string, WebSocketHandler> = {};
