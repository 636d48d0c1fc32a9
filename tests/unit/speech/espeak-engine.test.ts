import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import wavefile from 'wavefile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSpeechEngine,
  encodeWav,
  pcmDurationSeconds,
  SpeechRequestError,
  wavDurationSeconds,
  type SpeechChunk,
  type SpeechEngine,
  type SynthesisRequest,
} from '@/lib/adapters/speech-engine';
import { defaultWorkerScript } from '@/lib/adapters/speech-engine/espeak-engine';
import { WorkerPool } from '@/lib/adapters/speech-engine/worker-pool';
import { medianPitchHz } from './pitch';

const { WaveFile } = wavefile;

const POOL_SIZE = 2;
const LONG_TEXT = Array.from(
  { length: 24 },
  (_, i) =>
    `Sentence number ${i + 1} tells the caller that the appointment moved to Thursday afternoon at three.`,
).join(' ');

async function collect(engine: SpeechEngine, request: SynthesisRequest): Promise<SpeechChunk[]> {
  const chunks: SpeechChunk[] = [];
  for await (const chunk of engine.synthesize(request)) chunks.push(chunk);
  return chunks;
}

function joined(chunks: SpeechChunk[]): Buffer {
  return Buffer.concat(chunks.map((chunk) => chunk.pcm));
}

describe('eSpeak-NG engine (real synthesis in worker threads)', () => {
  let engine: SpeechEngine;

  beforeAll(async () => {
    engine = createSpeechEngine({ poolSize: POOL_SIZE });
    // Start both workers and let V8 tier the WASM code up before anything is timed.
    await Promise.all([
      collect(engine, { text: 'Warm up one. Warm up two.', sampleRate: 22050 }),
      collect(engine, { text: 'Warm up three. Warm up four.', sampleRate: 22050 }),
    ]);
  }, 20_000);

  afterAll(async () => {
    await engine.close();
  });

  it('describes itself and lists voices, English ones included', async () => {
    expect(engine.kind).toBe('espeak');
    expect(engine.description).toMatch(/eSpeak-NG/);
    const voices = await engine.listVoices();
    expect(voices.length).toBeGreaterThan(100);
    expect(new Set(voices.map((voice) => voice.id)).size).toBe(voices.length);
    expect(voices).toContainEqual(
      expect.objectContaining({ id: 'en-us', language: 'en-us', gender: 'male' }),
    );
    expect(voices).toContainEqual(expect.objectContaining({ id: 'en-us+f3', gender: 'female' }));
  });

  it('yields one chunk per sentence, in order, each with audio', async () => {
    const text =
      'Hello, this is the clinic. Your appointment is confirmed!\nDo you need directions?';
    const chunks = await collect(engine, { text, sampleRate: 16000 });
    expect(chunks.map((chunk) => chunk.text)).toEqual([
      'Hello, this is the clinic.',
      'Your appointment is confirmed!',
      'Do you need directions?',
    ]);
    for (const chunk of chunks) {
      expect(chunk.pcm.length).toBeGreaterThan(0);
      expect(chunk.pcm.length % 2).toBe(0);
    }
  });

  it('encodes a WAV that parses back with the rate, one channel, 16 bits and samples/rate seconds', async () => {
    const pcm = joined(
      await collect(engine, { text: 'Testing the recording format.', sampleRate: 24000 }),
    );
    const wav = encodeWav(pcm, 24000);
    const parsed = new WaveFile(wav);
    const fmt = parsed.fmt as { sampleRate: number; numChannels: number; bitsPerSample: number };
    expect(fmt).toMatchObject({ sampleRate: 24000, numChannels: 1, bitsPerSample: 16 });
    const samples = parsed.getSamples(false, Int16Array).length;
    expect(samples).toBe(pcm.length / 2);
    expect(wavDurationSeconds(wav)).toBeCloseTo(samples / 24000, 6);
    expect(pcmDurationSeconds(pcm, 24000)).toBeCloseTo(samples / 24000, 6);
  });

  it('gives the same duration at 8000 and 48000 Hz, within a few percent', async () => {
    const text = 'The same words at two sample rates. They should last as long.';
    const low = pcmDurationSeconds(joined(await collect(engine, { text, sampleRate: 8000 })), 8000);
    const high = pcmDurationSeconds(
      joined(await collect(engine, { text, sampleRate: 48000 })),
      48000,
    );
    expect(low).toBeGreaterThan(1);
    expect(Math.abs(low - high) / high).toBeLessThan(0.03);
  });

  it('makes longer audio for a longer text, and shorter audio when faster', async () => {
    const short = pcmDurationSeconds(
      joined(await collect(engine, { text: 'Yes.', sampleRate: 8000 })),
      8000,
    );
    const sentence = 'Please call us back tomorrow morning between nine and eleven o clock.';
    const long = pcmDurationSeconds(
      joined(await collect(engine, { text: sentence, sampleRate: 8000 })),
      8000,
    );
    const fast = pcmDurationSeconds(
      joined(await collect(engine, { text: sentence, sampleRate: 8000, speed: 2 })),
      8000,
    );
    expect(long).toBeGreaterThan(short * 3);
    expect(fast).toBeLessThan(long * 0.75);
  });

  it('gives different audio for different voices', async () => {
    const text = 'Good morning, how can I help you?';
    const speak = async (voice?: string) =>
      joined(await collect(engine, { text, sampleRate: 8000, voice }));
    const [us, byDefault, female, german] = [
      await speak('en-us'),
      await speak(undefined),
      await speak('en-us+f3'),
      await speak('de'),
    ];
    // eSpeak adds a little randomness (breath noise), so the same voice is compared by measure, not bytes.
    expect(Math.abs(byDefault.length - us.length) / us.length).toBeLessThan(0.01);
    expect(medianPitchHz(byDefault, 8000)).toBeCloseTo(medianPitchHz(us, 8000), -1);
    expect(medianPitchHz(female, 8000)).toBeGreaterThan(1.5 * medianPitchHz(us, 8000));
    expect(Math.abs(german.length - us.length) / us.length).toBeGreaterThan(0.1);
    // A worker keeps the last voice loaded: the next request in another voice must not inherit it.
    const usAgain = await speak('en-us');
    expect(Math.abs(usAgain.length - us.length) / us.length).toBeLessThan(0.01);
    expect(medianPitchHz(usAgain, 8000)).toBeCloseTo(medianPitchHz(us, 8000), -1);
  });

  it('speaks markup as text instead of obeying it', async () => {
    const seconds = async (text: string) =>
      pcmDurationSeconds(joined(await collect(engine, { text, sampleRate: 8000 })), 8000);
    const plain = await seconds('Is three four true?');
    // Obeyed, <b> would be dropped and <voice> would switch to German: both about as long as plain.
    expect(await seconds('Is <b>three</b> four true?')).toBeGreaterThan(plain + 0.6);
    expect(await seconds('Is <voice name="de">three four</voice> true?')).toBeGreaterThan(
      plain + 1.5,
    );
  });

  it('keeps the voice to the end of a sentence longer than one line of the synthesizer', async () => {
    // 395 characters, ~920 bytes once "&" is escaped: more than one stdin line of the synthesizer.
    const text = '& & A '.repeat(66).trim();
    const female = joined(await collect(engine, { text, sampleRate: 8000, voice: 'en-us+f3' }));
    const male = joined(await collect(engine, { text: 'And and and and.', sampleRate: 8000 }));
    const lastThird = female.subarray(Math.floor((female.length * 2) / 3) & ~1);
    expect(pcmDurationSeconds(female, 8000)).toBeGreaterThan(20);
    expect(medianPitchHz(lastThird, 8000)).toBeGreaterThan(1.5 * medianPitchHz(male, 8000));
  });

  it('yields nothing for text with nothing to speak', async () => {
    expect(await collect(engine, { text: '  ... \n !? ', sampleRate: 16000 })).toEqual([]);
  });

  it('refuses an unknown voice, a sample rate or a speed out of range', async () => {
    await expect(
      collect(engine, { text: 'Hi.', sampleRate: 16000, voice: 'xx-nope' }),
    ).rejects.toThrow(SpeechRequestError);
    await expect(collect(engine, { text: 'Hi.', sampleRate: 7999 })).rejects.toMatchObject({
      field: 'sampleRate',
    });
    await expect(collect(engine, { text: 'Hi.', sampleRate: 48001 })).rejects.toMatchObject({
      field: 'sampleRate',
    });
    await expect(
      collect(engine, { text: 'Hi.', sampleRate: 16000, speed: 3 }),
    ).rejects.toMatchObject({
      field: 'speed',
    });
  });

  it('stops promptly when the signal aborts, before or during synthesis', async () => {
    const before = new AbortController();
    before.abort();
    await expect(
      collect(engine, { text: 'Never.', sampleRate: 16000, signal: before.signal }),
    ).rejects.toThrow();

    const during = new AbortController();
    const received: SpeechChunk[] = [];
    let abortedAt = 0;
    const run = (async () => {
      for await (const chunk of engine.synthesize({
        text: LONG_TEXT,
        sampleRate: 16000,
        signal: during.signal,
      })) {
        received.push(chunk);
        if (received.length === 1) {
          abortedAt = performance.now();
          during.abort();
        }
      }
    })();
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(performance.now() - abortedAt).toBeLessThan(250);
    expect(received).toHaveLength(1);
    // The pool is free again at once: a new request is not stuck behind the aborted sentences.
    const after = performance.now();
    expect(await collect(engine, { text: 'Still here.', sampleRate: 16000 })).toHaveLength(1);
    expect(performance.now() - after).toBeLessThan(1000);
  });

  it('completes more concurrent requests than the pool has workers', async () => {
    const texts = Array.from(
      { length: POOL_SIZE * 3 },
      (_, i) => `Caller ${i + 1} is on the line. Please hold.`,
    );
    const results = await Promise.all(
      texts.map((text) => collect(engine, { text, sampleRate: 8000 })),
    );
    for (const [i, chunks] of results.entries()) {
      expect(chunks.map((chunk) => chunk.text)).toEqual([
        `Caller ${i + 1} is on the line.`,
        'Please hold.',
      ]);
    }
  });

  it('keeps the main event loop responsive while the pool synthesizes a long text', async () => {
    // Event-loop utilisation of this thread: near 1 if synthesis ran here, low when it runs in
    // the workers. A share of time, not a duration, so a loaded machine does not flip it.
    const before = performance.eventLoopUtilization();
    const results = await Promise.all([
      collect(engine, { text: LONG_TEXT, sampleRate: 48000 }),
      collect(engine, { text: LONG_TEXT, sampleRate: 8000 }),
    ]);
    const used = performance.eventLoopUtilization(before);
    expect(results[0]).toHaveLength(24);
    expect(pcmDurationSeconds(joined(results[0]), 48000)).toBeGreaterThan(60);
    expect(used.utilization).toBeLessThan(0.5);
  });
});

describe('a speech worker that dies', () => {
  it('fails the job it was running with an Error and is replaced for the next one', async () => {
    const engine = createSpeechEngine({
      poolSize: 1,
      workerScript: join(process.cwd(), 'tests/unit/speech/fixtures/crashing-worker.mjs'),
    });
    try {
      await expect(
        collect(engine, { text: 'Hello. CRASH NOW please.', sampleRate: 8000 }),
      ).rejects.toThrow(/speech worker stopped \(exit code 7\)/);
      const chunks = await collect(engine, { text: 'Back again.', sampleRate: 8000 });
      expect(chunks).toHaveLength(1);
    } finally {
      await engine.close();
    }
  }, 15_000);

  it('fails requests with an Error, not a hang, when the worker script cannot start', async () => {
    const engine = createSpeechEngine({
      poolSize: 1,
      workerScript: '/nonexistent/espeak-worker.mjs',
    });
    try {
      await expect(collect(engine, { text: 'Hello.', sampleRate: 8000 })).rejects.toThrow(
        /speech worker stopped/,
      );
      await expect(engine.listVoices()).rejects.toThrow(/speech worker stopped/);
    } finally {
      await engine.close();
    }
  });

  it('refuses work after close()', async () => {
    const engine = createSpeechEngine({ poolSize: 1 });
    await engine.close();
    await expect(collect(engine, { text: 'Hello.', sampleRate: 8000 })).rejects.toThrow(/closed/);
  });
});

describe('starting the workers ahead of the first request', () => {
  it('starts every worker, each ready to synthesize, without a request', async () => {
    const pool = new WorkerPool({ script: defaultWorkerScript(), size: 2 });
    try {
      expect(pool.liveWorkers).toBe(0);
      await pool.start();
      expect(pool.liveWorkers).toBe(2);
      const request = {
        type: 'synthesize',
        text: 'Ready.',
        voice: 'gmw/en-US',
        rate: 175,
      } as const;
      const replies = await Promise.all([
        pool.run('a', { ...request, sampleRate: 8000 }),
        pool.run('b', { ...request, sampleRate: 8000 }),
      ]);
      expect(replies.map((r) => r.type)).toEqual(['audio', 'audio']);
      expect(pool.liveWorkers).toBe(2);
    } finally {
      await pool.close();
    }
  });

  it('fails with an Error, not a hang, when a worker cannot start', async () => {
    const pool = new WorkerPool({ script: '/nonexistent/espeak-worker.mjs', size: 1 });
    try {
      await expect(pool.start()).rejects.toThrow(/speech worker stopped while starting/);
    } finally {
      await pool.close();
    }
  });
});

describe('the espeak worker, asked directly', () => {
  it('answers a request with nothing to say with no audio, and keeps serving', async () => {
    const pool = new WorkerPool({ script: defaultWorkerScript(), size: 1 });
    const say = async (text: string, voice: string) => {
      const reply = await pool.run('lane', {
        type: 'synthesize',
        text,
        voice,
        rate: 175,
        sampleRate: 8000,
      });
      if (reply.type !== 'audio') throw new Error(reply.type);
      return Buffer.from(reply.pcm);
    };
    try {
      const male = await say('Good morning, how can I help you?', 'gmw/en-US');
      // Whitespace and control characters only: an empty read would be end of file for eSpeak.
      expect((await say(' \u0001 \t ', 'gmw/en-US+f3')).length).toBe(0);
      // The female voice was never sent for the empty request, so this one must still send it.
      const female = await say('Good morning, how can I help you?', 'gmw/en-US+f3');
      expect(medianPitchHz(female, 8000)).toBeGreaterThan(1.5 * medianPitchHz(male, 8000));
    } finally {
      await pool.close();
    }
  });
});
