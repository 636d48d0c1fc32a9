import { createServer as createHttpServer, type IncomingMessage, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { FRAME_BYTES, ScriptedHearing, type ScriptedSegment } from './scripted-hearing';
import { speakRealtime } from './realtime-protocol';
import { throwawayCertificate } from './throwaway-cert';

export { scriptOf, type ScriptedSegment } from './scripted-hearing';

export interface StreamingStandInOptions {
  /** Deepgram's live protocol (plain ws), or an OpenAI Realtime transcription session (wss). */
  protocol?: 'deepgram' | 'openai-realtime';
  /** A partial (one more word of the segment) this often while the caller speaks. */
  partialEveryMs?: number;
  /** The segment's final this long after its last voiced frame. */
  finalDelayMs?: number;
  /** The API key expected (`Token <key>` for Deepgram, `Bearer <key>` for OpenAI). */
  apiKey?: string;
}

export interface StandInStats {
  connections: number;
  refused: number;
  frames: number;
  partials: number;
  finals: number;
  /** Deepgram's `Finalize` messages, or Realtime buffer commits. */
  finalizes: number;
}

/**
 * A real WebSocket server playing a streaming recognizer, replaying transcripts we choose
 * (`settings.script`, see ScriptedHearing: each connection plays it from its start). Deepgram's
 * live protocol (`/v1/listen`: μ-law frames in, `Results` out; `Finalize`, `CloseStream`;
 * `Finalize` answered by the pending final flagged `from_finalize`), or an OpenAI Realtime
 * transcription session over TLS with a throwaway certificate (`/v1/realtime`, see
 * realtime-protocol.ts); `url` is what the adapter takes as its base URL.
 */
export async function startStreamingStandIn(options: StreamingStandInOptions = {}) {
  const protocol = options.protocol ?? 'deepgram';
  const settings = {
    partialEveryMs: options.partialEveryMs ?? 100,
    finalDelayMs: options.finalDelayMs ?? 100,
    script: [] as ScriptedSegment[],
    /** Connections are closed as soon as they open. */
    refuse: false,
  };
  const stats: StandInStats = {
    connections: 0,
    refused: 0,
    frames: 0,
    partials: 0,
    finals: 0,
    finalizes: 0,
  };
  const sessions: Record<string, unknown>[] = [];
  const requestUrls: string[] = [];
  const sockets = new Set<WebSocket>();
  const tls = protocol === 'openai-realtime' ? throwawayCertificate() : null;
  const notFound = (_req: IncomingMessage, res: import('node:http').ServerResponse) =>
    res.writeHead(404).end();
  const server: Server = tls
    ? createHttpsServer({ key: tls.key, cert: tls.cert }, notFound)
    : createHttpServer(notFound);
  const authorization =
    protocol === 'deepgram' ? `Token ${options.apiKey}` : `Bearer ${options.apiKey}`;
  // A wrong key is refused at the handshake (401), as the vendors do.
  const wss = new WebSocketServer({
    server,
    path: protocol === 'deepgram' ? '/v1/listen' : '/v1/realtime',
    verifyClient: ({ req }: { req: IncomingMessage }) =>
      !options.apiKey || req.headers.authorization === authorization,
  });

  wss.on('connection', (socket, request) => {
    stats.connections++;
    requestUrls.push(request.url ?? '');
    if (settings.refuse) {
      stats.refused++;
      return socket.close(1011, 'refused by the stand-in');
    }
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    if (protocol === 'openai-realtime') {
      return speakRealtime(socket, settings, stats, (session) => sessions.push(session));
    }
    speakDeepgram(socket, settings, stats);
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: tls ? `https://127.0.0.1:${port}/v1` : `ws://127.0.0.1:${port}`,
    /** The certificate to trust (Realtime only): NODE_EXTRA_CA_CERTS or the adapter's `ca`. */
    certFile: tls?.certFile,
    cert: tls?.cert,
    settings,
    stats,
    /** The `session` of every Realtime `session.update` received. */
    sessions,
    /** The path and query each connection was opened with (Deepgram's options). */
    requestUrls,
    /** Connections open now (a closed one leaves once the server has seen it close). */
    openConnections: () => sockets.size,
    /** Drops every open connection as a network failure would (no close frame). */
    dropAll() {
      for (const socket of sockets) socket.terminate();
    },
    async close() {
      for (const socket of sockets) socket.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type StreamingStandIn = Awaited<ReturnType<typeof startStreamingStandIn>>;

export type StandInSettings = StreamingStandIn['settings'];

/** Deepgram's live protocol over one connection. */
function speakDeepgram(socket: WebSocket, settings: StandInSettings, stats: StandInStats): void {
  let streamMs = 0;
  const send = (text: string, final: boolean, fromFinalize = false) => {
    if (socket.readyState !== socket.OPEN) return;
    socket.send(
      JSON.stringify({
        type: 'Results',
        channel_index: [0, 1],
        duration: 0,
        start: streamMs / 1000,
        is_final: final,
        speech_final: final,
        from_finalize: fromFinalize,
        channel: { alternatives: [{ transcript: text, confidence: 1, words: [] }] },
        metadata: { request_id: 'stand-in', model_uuid: 'stand-in', model_info: {} },
      }),
    );
  };
  const hearing = new ScriptedHearing(settings.script, settings, {
    partial: (text) => {
      stats.partials++;
      send(text, false);
    },
    final: (text, flush) => {
      stats.finals++;
      send(text, true, flush);
    },
  });
  socket.on('message', (data, isBinary) => {
    if (!isBinary) {
      const message = JSON.parse(data.toString()) as { type?: string };
      if (message.type === 'CloseStream') return socket.close(1000);
      if (message.type !== 'Finalize') return;
      stats.finalizes++;
      return hearing.flush();
    }
    // Any number of 20 ms frames a message, as Deepgram takes them.
    const audio = data as Buffer;
    for (let at = 0; at + FRAME_BYTES <= audio.length; at += FRAME_BYTES) {
      stats.frames++;
      streamMs += 20;
      hearing.frame(audio.subarray(at, at + FRAME_BYTES));
    }
  });
  socket.on('close', () => hearing.close());
}
