import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { decodeMulaw } from '@/lib/conversation/mulaw';

/** RMS of a 16-bit frame that counts as speech (as the energy detector's default). */
const VOICED_RMS = 330;
/** Silence that ends a run of speech (a segment) for the stand-in. */
const RUN_END_MS = 60;

export interface StreamingStandInOptions {
  /** A partial (one more word of the segment) this often while the caller speaks. */
  partialEveryMs?: number;
  /** The segment's final this long after its last voiced frame. */
  finalDelayMs?: number;
  /** The API key expected as `Authorization: Token <key>`. */
  apiKey?: string;
}

/**
 * A real WebSocket server speaking Deepgram's live protocol (`/v1/listen`: μ-law frames in,
 * `Results` out; `Finalize`, `CloseStream`), replaying transcripts we choose. Each connection
 * plays `script` from its start: one entry per callee turn, `|` between the segments of a turn
 * said with a pause between them. A run of speech (energy above the detector's threshold, ended
 * by 60 ms of silence) takes the next segment: partials grow by a word every `partialEveryMs`
 * while it lasts, its final comes `finalDelayMs` after its last voiced frame. `Finalize` is
 * answered with the pending final (flagged `from_finalize`), or at once with an empty one.
 */
export async function startStreamingStandIn(options: StreamingStandInOptions = {}) {
  const settings = {
    partialEveryMs: options.partialEveryMs ?? 100,
    finalDelayMs: options.finalDelayMs ?? 100,
    script: [] as string[],
    /** Connections are closed as soon as they open. */
    refuse: false,
  };
  const stats = { connections: 0, refused: 0, frames: 0, partials: 0, finals: 0, finalizes: 0 };
  const sockets = new Set<WebSocket>();
  const server = createServer((_req, res) => res.writeHead(404).end());
  // A wrong key is refused at the handshake (401), as Deepgram does.
  const wss = new WebSocketServer({
    server,
    path: '/v1/listen',
    verifyClient: ({ req }: { req: IncomingMessage }) =>
      !options.apiKey || req.headers.authorization === `Token ${options.apiKey}`,
  });

  wss.on('connection', (socket) => {
    stats.connections++;
    if (settings.refuse) {
      stats.refused++;
      return socket.close(1011, 'refused by the stand-in');
    }
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    const segments = settings.script.flatMap((turn) => turn.split('|').map((s) => s.trim()));
    let next = 0;
    let words: string[] = [];
    let said = 0;
    let inRun = false;
    let lastVoicedAt = 0;
    let silentMs = 0;
    let streamMs = 0;
    let partials: NodeJS.Timeout | undefined;
    const pending: { timer: NodeJS.Timeout; text: string; finalize: boolean }[] = [];
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
    const endRun = () => {
      inRun = false;
      clearInterval(partials);
      const text = words.join(' ');
      const entry = { text, finalize: false, timer: undefined as unknown as NodeJS.Timeout };
      const due = Math.max(0, lastVoicedAt + settings.finalDelayMs - performance.now());
      entry.timer = setTimeout(() => {
        pending.splice(pending.indexOf(entry), 1);
        stats.finals++;
        send(entry.text, true, entry.finalize);
      }, due);
      pending.push(entry);
    };

    socket.on('message', (data, isBinary) => {
      if (!isBinary) {
        const message = JSON.parse(data.toString()) as { type?: string };
        if (message.type === 'CloseStream') return socket.close(1000);
        if (message.type !== 'Finalize') return;
        stats.finalizes++;
        if (inRun) endRun();
        const last = pending.at(-1);
        if (last) last.finalize = true;
        else send('', true, true);
        return;
      }
      stats.frames++;
      const pcm = decodeMulaw(data as Buffer);
      streamMs += 20;
      let sum = 0;
      for (const s of pcm) sum += s * s;
      const voiced = Math.sqrt(sum / pcm.length) >= VOICED_RMS;
      if (voiced) {
        lastVoicedAt = performance.now();
        silentMs = 0;
        if (inRun) return;
        inRun = true;
        words = (segments[next++] ?? '').split(/\s+/).filter(Boolean);
        said = 0;
        partials = setInterval(() => {
          if (said >= words.length - 1) return;
          said++;
          stats.partials++;
          send(words.slice(0, said).join(' '), false);
        }, settings.partialEveryMs);
        return;
      }
      silentMs += 20;
      if (inRun && silentMs >= RUN_END_MS) endRun();
    });
    socket.on('close', () => {
      clearInterval(partials);
      for (const p of pending) clearTimeout(p.timer);
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}`,
    settings,
    stats,
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
