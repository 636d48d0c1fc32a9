import { WebSocket } from 'ws';
import alawmulaw from 'alawmulaw';
import wavefile from 'wavefile';
import { withRealWavSizes } from '@/lib/adapters/speech-engine/real-wav-sizes';

const { WaveFile } = wavefile;

export interface ParsedWav {
  sampleRate: number;
  bitsPerSample: number;
  channels: number;
  /** Decoded 16-bit samples (μ-law is decoded by wavefile). */
  samples: Int16Array;
  seconds: number;
}

/** Parses WAV bytes back with wavefile; a streamed WAV's open-ended sizes are accepted. */
export function parseWav(bytes: Buffer): ParsedWav {
  // Streamed WAV carries 0xFFFFFFFF sizes: the same reader as the server's puts the real ones in.
  const file = new WaveFile(withRealWavSizes(bytes));
  // Read the header before decoding: fromMuLaw() rebuilds the file's chunks.
  const { sampleRate, bitsPerSample, numChannels, audioFormat } = file.fmt as {
    sampleRate: number;
    bitsPerSample: number;
    numChannels: number;
    audioFormat: number;
  };
  if (audioFormat === 7) file.fromMuLaw();
  const samples = file.getSamples(false, Int16Array) as unknown as Int16Array;
  return {
    sampleRate,
    bitsPerSample,
    channels: numChannels,
    samples,
    seconds: samples.length / sampleRate,
  };
}

/** G.711 μ-law bytes back to 16-bit samples (alawmulaw, as the server encodes them). */
export function mulawToPcm(bytes: Buffer): Int16Array {
  return alawmulaw.mulaw.decode(new Uint8Array(bytes));
}

export function pcmSamples(bytes: Buffer): Int16Array {
  return new Int16Array(Uint8Array.from(bytes).buffer);
}

/** Root mean square of the samples: well above 0 for speech, 0 for silence. */
export function rms(samples: Int16Array): number {
  let sum = 0;
  for (const s of samples) sum += s * s;
  return Math.sqrt(sum / Math.max(1, samples.length));
}

export interface SocketLog {
  socket: WebSocket;
  frames: (Record<string, unknown> | Buffer)[];
  closed: Promise<{ code: number; reason: string }>;
  /** Resolves with the first JSON frame matching `predicate` (seen before or after the call). */
  next(
    predicate: (frame: Record<string, unknown>) => boolean,
    timeoutMs?: number,
  ): Promise<Record<string, unknown>>;
  send(frame: Record<string, unknown>): void;
}

/** Opens /v2/tts/ws and records every frame. */
export function openTtsSocket(base: string, apiKey: string | null, query = ''): Promise<SocketLog> {
  const url = `${base.replace(/^http/, 'ws')}/v2/tts/ws${query}`;
  const socket = new WebSocket(
    url,
    apiKey ? { headers: { authorization: `Bearer ${apiKey}` } } : {},
  );
  const frames: (Record<string, unknown> | Buffer)[] = [];
  const waiters: {
    predicate: (f: Record<string, unknown>) => boolean;
    resolve: (f: Record<string, unknown>) => void;
  }[] = [];
  socket.on('message', (data, isBinary) => {
    const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as Buffer);
    if (isBinary) {
      frames.push(buffer);
      return;
    }
    const frame = JSON.parse(buffer.toString('utf8')) as Record<string, unknown>;
    frames.push(frame);
    for (const waiter of [...waiters]) {
      if (waiter.predicate(frame)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(frame);
      }
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  return new Promise((resolve, reject) => {
    socket.once('unexpected-response', (_req, res) =>
      reject(new Error(`upgrade refused: ${res.statusCode}`)),
    );
    socket.once('error', reject);
    socket.once('open', () =>
      resolve({
        socket,
        frames,
        closed,
        send: (frame) => socket.send(JSON.stringify(frame)),
        next: (predicate, timeoutMs = 15_000) => {
          const seen = frames.find(
            (f): f is Record<string, unknown> => !Buffer.isBuffer(f) && predicate(f),
          );
          if (seen) return Promise.resolve(seen);
          return new Promise((res, rej) => {
            const timer = setTimeout(() => rej(new Error('frame not received in time')), timeoutMs);
            waiters.push({
              predicate,
              resolve: (f) => {
                clearTimeout(timer);
                res(f);
              },
            });
          });
        },
      }),
    );
  });
}
