// npm run bench:speech — characters per second of the eSpeak-NG (WASM) worker pool against one
// native `espeak-ng` process (Debian's package), on the same texts, in the same run.
// See bench/README.md ("Speech engine") for how to read the output.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import {
  createSpeechEngine,
  pcmDurationSeconds,
  type SpeechEngine,
} from '../lib/adapters/speech-engine';
import { median } from './rounds';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    texts: { type: 'string', default: '8' },
    'sample-rate': { type: 'string', default: '22050' },
    espeak: { type: 'string', default: '/usr/bin/espeak-ng' },
  },
});
const ROUNDS = Number(values.rounds);
const SAMPLE_RATE = Number(values['sample-rate']);
const ESPEAK = values.espeak;

/** Turns of a simulated call, as the call simulator will send them: a few sentences each. */
const SENTENCES = [
  'Hello, this is Maria calling from the Riverside dental clinic.',
  'I am calling about your appointment on Thursday, March the fourth, at three fifteen in the afternoon.',
  'Could you confirm that the time still works for you?',
  'If not, we have openings on Friday morning at nine or at eleven thirty.',
  'Please remember to bring your insurance card and a list of your current medications.',
  'The clinic is on the second floor, next to the pharmacy, and parking is free for patients.',
  'Thank you for your time, and have a wonderful day!',
  'Is there anything else I can help you with today?',
];
const TEXTS = Array.from({ length: Number(values.texts) }, (_, i) =>
  Array.from({ length: 6 }, (_, j) => SENTENCES[(i + j) % SENTENCES.length]).join(' '),
);
const CHARS = TEXTS.reduce((sum, text) => sum + text.length, 0);

interface Result {
  seconds: number;
  audioSeconds: number;
}

/** One espeak-ng process reads every text on stdin (one per line) and writes WAV to stdout. */
function runNative(): Promise<Result> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(ESPEAK, ['-v', 'en-us', '--stdout'], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let bytes = 0;
    child.stdout.on('data', (data: Buffer) => {
      bytes += data.length;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`espeak-ng exited with ${code}`));
      const seconds = (performance.now() - started) / 1000;
      // A 44-byte header, then 16-bit mono at eSpeak's 22050 Hz.
      resolve({ seconds, audioSeconds: (bytes - 44) / 2 / 22050 });
    });
    child.stdin.end(TEXTS.join('\n') + '\n');
  });
}

/** All texts at once, as concurrent calls would send them; the pool spreads them over its workers. */
async function runPool(engine: SpeechEngine): Promise<Result> {
  const started = performance.now();
  const durations = await Promise.all(
    TEXTS.map(async (text) => {
      let audio = 0;
      for await (const chunk of engine.synthesize({ text, sampleRate: SAMPLE_RATE })) {
        audio += pcmDurationSeconds(chunk.pcm, SAMPLE_RATE);
      }
      return audio;
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { seconds, audioSeconds: durations.reduce((sum, value) => sum + value, 0) };
}

async function main(): Promise<void> {
  const engine = createSpeechEngine();
  console.log(
    `speech bench: ${TEXTS.length} texts, ${CHARS} characters per round, ${ROUNDS} rounds`,
  );
  console.log(`pool: ${engine.description}; output ${SAMPLE_RATE} Hz (native espeak-ng: 22050 Hz)`);
  console.log(`cores: ${availableParallelism()}; native: one ${ESPEAK} process per round`);

  // Warm-up, not measured: starts the workers and lets V8 optimise the WASM code.
  await runPool(engine);
  await runPool(engine);
  await runNative();

  const native: Result[] = [];
  const pool: Result[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // Rotated: odd rounds run the pool first, so neither side always follows the other.
    const order = round % 2 === 0 ? (['native', 'pool'] as const) : (['pool', 'native'] as const);
    for (const side of order) {
      if (side === 'native') native.push(await runNative());
      else pool.push(await runPool(engine));
    }
    const n = native[native.length - 1] as Result;
    const p = pool[pool.length - 1] as Result;
    console.log(
      `round ${round + 1}: native ${(CHARS / n.seconds).toFixed(0)} chars/s, pool ${(CHARS / p.seconds).toFixed(0)} chars/s`,
    );
  }
  await engine.close();

  const nativeRate = median(native.map((r) => CHARS / r.seconds));
  const poolRate = median(pool.map((r) => CHARS / r.seconds));
  console.log('');
  console.log('| side | median chars/s | median audio s per round | realtime factor |');
  console.log('| --- | ---: | ---: | ---: |');
  for (const [name, rate, results] of [
    ['native espeak-ng (1 process)', nativeRate, native],
    ['in-process worker pool', poolRate, pool],
  ] as const) {
    const audio = median(results.map((r) => r.audioSeconds));
    const factor = median(results.map((r) => r.audioSeconds / r.seconds));
    console.log(`| ${name} | ${rate.toFixed(0)} | ${audio.toFixed(1)} | ${factor.toFixed(0)}x |`);
  }
  const ratio = poolRate / nativeRate;
  console.log('');
  console.log(
    `ratio pool / native: ${ratio.toFixed(2)}x (goal >= 1x) ${ratio >= 1 ? 'MET' : 'NOT MET'}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
