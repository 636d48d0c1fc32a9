import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeepgramRecognizer } from '@/lib/adapters/recognizers/deepgram-recognizer';
import { OpenAIRealtimeRecognizer } from '@/lib/adapters/recognizers/openai-realtime-recognizer';
import type {
  StreamingRecognizer,
  StreamTranscript,
} from '@/lib/adapters/recognizers/streaming-recognizer';
import { eventually } from '../../support/eventually';
import { startStreamingStandIn, type StreamingStandIn } from '../../support/streaming-stand-in';

// The streaming adapters against the stand-in over real WebSockets: Deepgram's (official SDK,
// plain ws) and OpenAI Realtime transcription (the `openai` package's client, which only dials
// wss://: the stand-in serves TLS with a throwaway certificate the adapter is told to trust).

const speech = Buffer.from(Array.from({ length: 160 }, (_, i) => (i % 2 ? 0x10 : 0x90)));
const silence = Buffer.alloc(160, 0xff);
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let deepgram: StreamingStandIn;
let realtime: StreamingStandIn;
beforeAll(async () => {
  const timing = { partialEveryMs: 20, finalDelayMs: 50 };
  deepgram = await startStreamingStandIn({ apiKey: 'key-test', ...timing });
  realtime = await startStreamingStandIn({
    protocol: 'openai-realtime',
    apiKey: 'key-test',
    ...timing,
  });
});
afterAll(async () => {
  await deepgram.close();
  await realtime.close();
});

const adapters = {
  deepgram: (apiKey: string): StreamingRecognizer =>
    new DeepgramRecognizer({ apiKey, baseUrl: deepgram.url, model: 'nova-3' }),
  'openai-realtime': (apiKey: string): StreamingRecognizer =>
    new OpenAIRealtimeRecognizer({
      baseURL: realtime.url,
      apiKey,
      model: 'gpt-4o-transcribe',
      ca: realtime.cert,
    }),
};
const standInOf = { deepgram: () => deepgram, 'openai-realtime': () => realtime };

async function open(recognizer: StreamingRecognizer) {
  const results: StreamTranscript[] = [];
  const lost: string[] = [];
  const stream = await recognizer.open(
    { language: 'en-US' },
    { transcript: (r) => results.push(r), lost: (reason) => lost.push(reason) },
  );
  return { recognizer, stream, results, lost };
}

/** `frames` voiced frames 10 ms apart, then 100 ms of silence at once. */
async function say(stream: { send(frame: Buffer): void }, frames: number) {
  for (let i = 0; i < frames; i++) {
    stream.send(speech);
    await wait(10);
  }
  for (let i = 0; i < 5; i++) stream.send(silence);
}

describe.each(['deepgram', 'openai-realtime'] as const)('the %s adapter', (protocol) => {
  it('says when the connection is lost, and not when it closes it itself', async () => {
    const standIn = standInOf[protocol]();
    const closedByUs = await open(adapters[protocol]('key-test'));
    closedByUs.stream.close();
    await eventually(() => standIn.openConnections() === 0 || undefined);
    // A connection dropped after ours closed: its loss is reported, and by the time it is, our
    // own close has long been through the adapter's close handler.
    const dropped = await open(adapters[protocol]('key-test'));
    standIn.dropAll();
    expect(await eventually(() => dropped.lost[0])).toMatch(/closed/);
    expect(closedByUs.lost).toEqual([]);
  });

  it('fails to open with a wrong key', async () => {
    await expect(open(adapters[protocol]('wrong'))).rejects.toThrow(
      /Unexpected server response: 401/,
    );
  });
});

describe('the Deepgram streaming adapter', () => {
  it('streams μ-law frames, gets partials while speech goes on and the final after it', async () => {
    deepgram.settings.script = [{ text: 'Yes, Tuesday works for me.', voicedMs: 300 }];
    const { recognizer, stream, results } = await open(adapters.deepgram('key-test'));
    expect(recognizer.description).toMatch(/^streaming: Deepgram live \(127\.0\.0\.1:\d+/);
    await say(stream, 15);
    const final = await eventually(() => results.find((r) => r.final));
    expect(final).toEqual({ text: 'Yes, Tuesday works for me.', final: true, flushed: false });
    expect(results.filter((r) => !r.final).length).toBeGreaterThan(0);
    expect(results.find((r) => !r.final)?.text).toBe('Yes,');
    // Finalize with nothing pending is answered at once with an empty, flushed final.
    stream.finalize();
    expect(await eventually(() => results.find((r) => r.flushed))).toMatchObject({ text: '' });
    stream.close();
  });
});

describe('keywords (terms the callee may say)', () => {
  it('reach Deepgram as one keyterm each, on a Nova-3 model only', async () => {
    const before = deepgram.requestUrls.length;
    const recognizer = adapters.deepgram('key-test');
    expect(recognizer.takesKeywords).toBe(true);
    const stream = await recognizer.open(
      { language: null, keywords: ['Invisalign', 'Dr. Okafor'] },
      { transcript: () => undefined, lost: () => undefined },
    );
    const url = new URL(deepgram.requestUrls[before]!, 'ws://stand-in');
    expect(url.searchParams.getAll('keyterm')).toEqual(['Invisalign', 'Dr. Okafor']);
    stream.close();
    const older = new DeepgramRecognizer({ apiKey: 'k', baseUrl: deepgram.url, model: 'nova-2' });
    expect(older.takesKeywords).toBe(false);
  });

  it('reach the Realtime transcription session as its prompt', async () => {
    const before = realtime.sessions.length;
    const recognizer = adapters['openai-realtime']('key-test');
    const stream = await recognizer.open(
      { language: null, keywords: ['Invisalign'] },
      { transcript: () => undefined, lost: () => undefined },
    );
    const session = (await eventually(() => realtime.sessions[before])) as {
      audio: { input: { transcription: Record<string, unknown> } };
    };
    expect(session.audio.input.transcription).toEqual({
      model: 'gpt-4o-transcribe',
      prompt: 'Terms that may be said: Invisalign.',
    });
    stream.close();
  });
});

describe('the OpenAI Realtime streaming adapter', () => {
  it('sets up a μ-law transcription session without server turn detection', async () => {
    const before = realtime.sessions.length;
    const { recognizer, stream } = await open(adapters['openai-realtime']('key-test'));
    expect(recognizer.description).toMatch(
      /^streaming: OpenAI Realtime transcription \(127\.0\.0\.1:\d+, model gpt-4o-transcribe\)$/,
    );
    const session = await eventually(() => realtime.sessions[before]);
    expect(session).toEqual({
      type: 'transcription',
      audio: {
        input: {
          format: { type: 'audio/pcmu' },
          transcription: { model: 'gpt-4o-transcribe', language: 'en' },
          turn_detection: null,
        },
      },
    });
    stream.close();
  });

  it('streams the words as deltas while the caller speaks; the commit brings the final', async () => {
    realtime.settings.script = [{ text: 'Yes, Tuesday works for me.', voicedMs: 300 }];
    const { stream, results } = await open(adapters['openai-realtime']('key-test'));
    await say(stream, 15);
    // Partials grow word by word before the turn is committed; nothing is final yet.
    const partial = await eventually(() => results.find((r) => r.text.includes('Tuesday')));
    expect(partial).toMatchObject({ final: false, flushed: false });
    expect(results.find((r) => !r.final)?.text).toBe('Yes,');
    expect(results.some((r) => r.final)).toBe(false);
    stream.finalize();
    const final = await eventually(() => results.find((r) => r.flushed));
    expect(final).toEqual({ text: 'Yes, Tuesday works for me.', final: true, flushed: true });
    stream.close();
  });

  it('answers a finalize with nothing (or too little) sent since the last with an empty final', async () => {
    realtime.settings.script = [{ text: 'Hello there.', voicedMs: 200 }];
    const { stream, results } = await open(adapters['openai-realtime']('key-test'));
    await say(stream, 10);
    stream.finalize();
    await eventually(() => results.find((r) => r.flushed));
    const flushes = () => results.filter((r) => r.flushed);
    stream.finalize();
    await eventually(() => (flushes().length === 2 ? true : undefined));
    expect(flushes().map((r) => r.text)).toEqual(['Hello there.', '']);
    // 60 ms since the last commit: the server refuses the buffer as empty; still a flush.
    const commits = realtime.stats.finalizes;
    for (let i = 0; i < 3; i++) stream.send(silence);
    stream.finalize();
    await eventually(() => (flushes().length === 3 ? true : undefined));
    expect(flushes()[2]!.text).toBe('');
    expect(realtime.stats.finalizes).toBe(commits + 1);
    stream.close();
  });

  it('fails to open without trusting the certificate', async () => {
    const untrusted = new OpenAIRealtimeRecognizer({
      baseURL: realtime.url,
      apiKey: 'key-test',
      model: 'gpt-4o-transcribe',
    });
    await expect(open(untrusted)).rejects.toThrow(/self-signed certificate/);
  });
});
