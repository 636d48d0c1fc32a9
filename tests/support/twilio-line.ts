// Plays Twilio's side of a real call against a running server: the REST stand-in's records,
// status callbacks signed as Twilio signs them, and the media stream over a real WebSocket with
// the callee's audio sent in real time, 20 ms μ-law frames.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import twilio from 'twilio';
import WebSocket from 'ws';
import type { SpeechEngine } from '@/lib/adapters/speech-engine';
import { mulawFrames } from '@/lib/calls/conversation/mulaw';
import type { VoiceFakeMode } from './msw/voice-upstreams-preload';
import { eventually } from './eventually';

/** μ-law silence: 20 ms at 8 kHz. */
const SILENT_FRAME = Buffer.alloc(160, 0xff);

export { VOICE_PRELOAD } from './preloads';
export const TWILIO_AUTH_TOKEN = 'test-auth-token-0123456789abcdef';
export const TWILIO_ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`;

export interface FakeRecord {
  service: 'twilio' | 'stt' | 'llm';
  action?: 'create' | 'update' | 'fetch';
  sid?: string;
  params?: Record<string, string>;
  at: number;
  [key: string]: unknown;
}

export function fakeRecords(dir: string): FakeRecord[] {
  try {
    return readFileSync(join(dir, 'calls.ndjson'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as FakeRecord);
  } catch {
    return [];
  }
}

export function setFakeMode(dir: string, mode: VoiceFakeMode): void {
  writeFileSync(join(dir, 'mode.json'), JSON.stringify(mode));
}

/** What our TwiML asked Twilio to do: the stream URL and its parameters. */
export function parseTwiml(twiml: string) {
  const url = /<Stream url="([^"]+)"/.exec(twiml)?.[1];
  const param = (name: string) =>
    new RegExp(`<Parameter name="${name}" value="([^"]+)"`).exec(twiml)?.[1];
  return {
    streamUrl: url!.replaceAll('&amp;', '&'),
    callId: param('callId')!,
    token: param('token')!,
  };
}

/** POSTs a form to `url` with the X-Twilio-Signature Twilio would compute (or a given one). */
export function signedCallback(
  url: string,
  params: Record<string, string>,
  options: { authToken?: string; signature?: string } = {},
): Promise<Response> {
  const signature =
    options.signature ??
    twilio.getExpectedTwilioSignature(options.authToken ?? TWILIO_AUTH_TOKEN, url, params);
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': signature,
    },
    body: new URLSearchParams(params).toString(),
  });
}

export interface ReceivedFrame {
  at: number;
  payload: Buffer;
}

/** The callee's end of a media stream. */
export class CalleeStream {
  readonly media: ReceivedFrame[] = [];
  readonly marks: { name: string; at: number }[] = [];
  readonly clears: number[] = [];
  /** When the callee's speech frames were sent: [first, last] per utterance. */
  readonly utterances: { first: number; last: number }[] = [];
  closed: { code: number; reason: string } | null = null;
  /** Frames to send next; `utterance` -1 is a pause (silence the callee means). */
  private queue: { frame: Buffer; utterance: number }[] = [];
  private sent = 0;
  private timer: NodeJS.Timeout | null = null;
  private startedAt = 0;
  /** Twilio's playout buffer: when the audio received so far ends, and marks waiting on it. */
  private playsUntil = 0;
  private pendingMarks: { name: string; at: number }[] = [];

  private constructor(
    readonly socket: WebSocket,
    private readonly streamSid: string,
  ) {
    socket.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as {
        event: string;
        media?: { payload: string };
        mark?: { name: string };
      };
      const at = performance.now();
      if (frame.event === 'media') {
        this.media.push({ at, payload: Buffer.from(frame.media!.payload, 'base64') });
        this.playsUntil = Math.max(this.playsUntil, at) + 20;
      }
      if (frame.event === 'clear') {
        this.clears.push(at);
        // As Twilio does: the buffer is dropped and its marks come back at once.
        this.playsUntil = at;
        this.echoMarks(Infinity);
      }
      if (frame.event === 'mark') {
        this.marks.push({ name: frame.mark!.name, at });
        // Echoed once the audio before it has played (frames may arrive ahead of their time).
        this.pendingMarks.push({ name: frame.mark!.name, at: Math.max(at, this.playsUntil) });
        this.echoMarks(at);
      }
    });
    socket.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
      this.stopClock();
    });
  }

  /** Opens the socket with Twilio's signature over `url` (or the given one). */
  static async open(
    url: string,
    options: { signature?: string; authToken?: string } = {},
  ): Promise<CalleeStream> {
    const signature =
      options.signature ??
      twilio.getExpectedTwilioSignature(options.authToken ?? TWILIO_AUTH_TOKEN, url, {});
    const socket = new WebSocket(url, { headers: { 'x-twilio-signature': signature } });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('unexpected-response', (_req, res) =>
        reject(
          Object.assign(new Error(`upgrade refused: ${res.statusCode}`), {
            status: res.statusCode,
          }),
        ),
      );
      socket.once('error', reject);
    });
    return new CalleeStream(socket, `MZ${Math.random().toString(16).slice(2).padEnd(32, '0')}`);
  }

  private echoMarks(now: number): void {
    while (this.pendingMarks.length > 0 && this.pendingMarks[0]!.at <= now) {
      const { name } = this.pendingMarks.shift()!;
      this.send({ event: 'mark', streamSid: this.streamSid, mark: { name } });
    }
  }

  send(frame: unknown): void {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(frame));
  }

  /** connected + start, then one inbound frame every 20 ms (silence unless speech is queued). */
  start(callSid: string, customParameters: Record<string, string>): void {
    this.send({ event: 'connected', protocol: 'Call', version: '1.0.0' });
    this.send({
      event: 'start',
      sequenceNumber: '1',
      streamSid: this.streamSid,
      start: {
        accountSid: TWILIO_ACCOUNT_SID,
        streamSid: this.streamSid,
        callSid,
        tracks: ['inbound'],
        customParameters,
        mediaFormat: { encoding: 'audio/x-mulaw', sampleRate: 8000, channels: 1 },
      },
    });
    this.startedAt = performance.now();
    const tick = () => {
      // An absolute schedule, as the phone network's clock is.
      while (performance.now() - this.startedAt >= this.sent * 20) this.sendFrame();
      this.echoMarks(performance.now());
      this.timer = setTimeout(tick, 5);
    };
    tick();
  }

  private sendFrame(): void {
    const speech = this.queue.shift();
    if (speech && speech.utterance >= 0) {
      const now = performance.now();
      const utterance = this.utterances[speech.utterance]!;
      if (utterance.first < 0) utterance.first = now;
      utterance.last = now;
    }
    this.send({
      event: 'media',
      streamSid: this.streamSid,
      media: {
        track: 'inbound',
        chunk: String(this.sent + 1),
        timestamp: String(this.sent * 20),
        payload: (speech?.frame ?? SILENT_FRAME).toString('base64'),
      },
    });
    this.sent++;
  }

  /** Queues the callee saying `text` (synthesized by our own engine). */
  async say(engine: SpeechEngine, text: string): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of engine.synthesize({ text, sampleRate: 8000 })) chunks.push(chunk.pcm);
    const utterance = this.utterances.push({ first: -1, last: -1 }) - 1;
    for (const frame of mulawFrames(Buffer.concat(chunks))) this.queue.push({ frame, utterance });
  }

  /** Queues `ms` of silence after what is queued: a pause inside what the callee says. */
  pause(ms: number): void {
    for (let i = 0; i < ms / 20; i++) this.queue.push({ frame: SILENT_FRAME, utterance: -1 });
  }

  get speaking(): boolean {
    return this.queue.length > 0;
  }

  stop(callSid: string): void {
    this.send({
      event: 'stop',
      sequenceNumber: String(this.sent + 2),
      streamSid: this.streamSid,
      stop: { accountSid: TWILIO_ACCOUNT_SID, callSid },
    });
    this.stopClock();
  }

  private stopClock(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  close(): void {
    this.stopClock();
    this.socket.close();
  }
}

/** The stand-in's record of our REST request dialling `callId`, with its TwiML read back. */
export async function dialledCall(fakeDir: string, callId: string) {
  const create = await eventually(() =>
    fakeRecords(fakeDir).find(
      (r) => r.service === 'twilio' && r.action === 'create' && r.params?.Twiml?.includes(callId),
    ),
  );
  const params = create.params!;
  return {
    create,
    sid: create.sid!,
    twiml: parseTwiml(params.Twiml!),
    callback: params.StatusCallback!,
  };
}

/** The hang-ups (REST updates of the call) the stand-in received for a carrier call SID. */
export const hangUpsOf = (fakeDir: string, sid: string) =>
  fakeRecords(fakeDir).filter(
    (r) => r.service === 'twilio' && r.action === 'update' && r.sid === sid,
  );
