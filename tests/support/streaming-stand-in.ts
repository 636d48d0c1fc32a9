import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { decodeMulaw, mulawFrames } from '@/lib/conversation/mulaw';
import type { SpeechEngine } from '@/lib/speech';

/** RMS of a 16-bit frame that counts as speech (as the energy detector's default). */
const VOICED_RMS = 330;
/** Silence that ends a run of speech (a segment) for the stand-in. */
const RUN_END_MS = 60;

/** One run of the callee's speech as the stand-in replays it: its words and voiced length. */
export interface ScriptedSegment {
  text: string;
  /** Voiced audio (frames above the threshold) the words take: they are revealed in step. */
  voicedMs: number;
  /** Silence at the end of the engine's audio of it (after the last voiced frame). */
  trailingMs?: number;
}

/** Segments for `texts` as our engine says them (each text one run of speech, in order). */
export async function scriptOf(engine: SpeechEngine, texts: string[]): Promise<ScriptedSegment[]> {
  const script: ScriptedSegment[] = [];
  for (const text of texts) {
    const parts: Buffer[] = [];
    for await (const chunk of engine.synthesize({ text, sampleRate: 8_000 })) parts.push(chunk.pcm);
    const frames = mulawFrames(Buffer.concat(parts));
    const voiced = frames.filter(isVoiced).length;
    const last = frames.findLastIndex(isVoiced);
    script.push({ text, voicedMs: voiced * 20, trailingMs: (frames.length - 1 - last) * 20 });
  }
  return script;
}

function isVoiced(mulaw: Buffer): boolean {
  const pcm = decodeMulaw(mulaw);
  let sum = 0;
  for (const s of pcm) sum += s * s;
  return Math.sqrt(sum / pcm.length) >= VOICED_RMS;
}

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
 * plays `script` from its start, one segment per stretch of the callee's speech (`scriptOf`).
 * A segment's words are revealed in step with the voiced audio heard of it: a partial of the
 * words so far every `partialEveryMs` while speech goes on, and at each break in the speech
 * (60 ms below the energy threshold) a final of the new words, `finalDelayMs` after the last
 * voiced frame; at the end of the segment's audio, all of its words. `Finalize` is answered
 * with the pending final (flagged `from_finalize`), or at once with an empty one.
 */
export async function startStreamingStandIn(options: StreamingStandInOptions = {}) {
  const settings = {
    partialEveryMs: options.partialEveryMs ?? 100,
    finalDelayMs: options.finalDelayMs ?? 100,
    script: [] as ScriptedSegment[],
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
    const segments = [...settings.script];
    let next = 0;
    /** The segment being said: its words, how many are final, how many voiced ms heard. */
    let segment: { words: string[]; voicedMs: number; final: number; heardMs: number } | null =
      null;
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
    /** Words heard so far: in step with the voiced audio, all of them once it is (nearly) all in. */
    const revealed = () => {
      if (!segment) return 0;
      const share = segment.heardMs / Math.max(20, segment.voicedMs);
      return share >= 0.9 ? segment.words.length : Math.floor(share * segment.words.length);
    };
    const endRun = () => {
      inRun = false;
      clearInterval(partials);
      if (!segment) return;
      const upTo = revealed();
      const text = segment.words.slice(segment.final, upTo).join(' ');
      segment.final = upTo;
      if (upTo >= segment.words.length) segment = null;
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
        // Finalize flushes what the segment has not said yet: the turn is over.
        if (segment) {
          segment.heardMs = segment.voicedMs;
          endRun();
        }
        const last = pending.at(-1);
        if (last) last.finalize = true;
        else send('', true, true);
        return;
      }
      stats.frames++;
      streamMs += 20;
      if (isVoiced(data as Buffer)) {
        lastVoicedAt = performance.now();
        silentMs = 0;
        if (!segment) {
          const next_ = segments[next++];
          if (next_) {
            const words = next_.text.split(/\s+/).filter(Boolean);
            segment = { words, voicedMs: next_.voicedMs, final: 0, heardMs: 0 };
          }
        }
        if (segment) segment.heardMs += 20;
        if (inRun) return;
        inRun = true;
        partials = setInterval(() => {
          if (!segment) return;
          const text = segment.words.slice(segment.final, revealed()).join(' ');
          if (!text) return;
          stats.partials++;
          send(text, false);
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
