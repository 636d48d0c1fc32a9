// npm run bench:tts — the speech surfaces under load, each against a baseline measured in the same
// run: time to first audio byte of POST /v2/tts for a 200-character text against a native
// `espeak-ng` process's time to its first byte on stdout; characters per second over HTTP; and
// GET /api/stats/calls p99 while the speech pool is saturated against the same route idle.
// See bench/README.md. Needs `npm run build` and Debian's espeak-ng.
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { ADMIN_TOKEN } from '../tests/support/http';
import { startServer } from '../tests/support/server';
import { median } from './rounds';

const { values: args } = parseArgs({
  options: {
    samples: { type: 'string', default: '30' },
    espeak: { type: 'string', default: '/usr/bin/espeak-ng' },
    duration: { type: 'string', default: '5' },
  },
});
const SAMPLES = Number(args.samples);
const TEXT_200 = (
  'Thanks for calling about your order. It shipped this morning and should arrive on Thursday. ' +
  'Would you like a text message with the tracking link, or shall I read the number to you now, please?'
).padEnd(200, ' ');

const p95 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)]!;

/** Milliseconds from spawn to the first byte of audio on stdout, and to exit. */
function nativeTtfb(text: string): Promise<{ first: number; total: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let first = 0;
    const child = spawn(args.espeak, ['-v', 'en-us', '--stdout', text], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    child.stdout.on('data', () => {
      if (!first) first = performance.now() - started;
    });
    child.on('error', reject);
    child.on('exit', () => resolve({ first, total: performance.now() - started }));
  });
}

async function main() {
  const server = await startServer({ env: { ADMIN_TOKEN, SPEECH_PRICE_PER_1K_CHARS_USD: '0' } });
  try {
    const admin = (path: string, body: unknown, method = 'POST') =>
      fetch(server.url + path, {
        method,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((r) => r.json() as Promise<Record<string, string>>);
    const org = await admin('/internal/orgs', { name: 'bench', starting_credit_usd: 100 });
    await admin(`/internal/orgs/${org.org_id}/limits`, { concurrency: 1000 }, 'PATCH');
    const voices = (await fetch(`${server.url}/v1/voices`, {
      headers: { authorization: `Bearer ${org.api_key}` },
    }).then((r) => r.json())) as { voices: { id: string; public: boolean }[] };
    const voice = voices.voices.find((v) => v.public)!.id;

    const tts = async (text: string) => {
      const started = performance.now();
      const response = await fetch(`${server.url}/v2/tts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${org.api_key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ text, voice, audio: { container: 'raw', sample_rate: 22050 } }),
      });
      const reader = response.body!.getReader();
      let first = 0;
      for (;;) {
        const { done } = await reader.read();
        if (!first) first = performance.now() - started;
        if (done) break;
      }
      return { first, total: performance.now() - started };
    };

    // Warm up both sides (workers, V8, the page cache of the native binary).
    for (let i = 0; i < 3; i += 1) {
      await tts(TEXT_200);
      await nativeTtfb(TEXT_200);
    }
    const ours: number[] = [];
    const native: number[] = [];
    const oursTotal: number[] = [];
    const nativeTotal: number[] = [];
    for (let i = 0; i < SAMPLES; i += 1) {
      // Alternate the order so drift on a noisy machine hits both sides alike.
      let o: { first: number; total: number };
      let n: { first: number; total: number };
      if (i % 2 === 0) {
        o = await tts(TEXT_200);
        n = await nativeTtfb(TEXT_200);
      } else {
        n = await nativeTtfb(TEXT_200);
        o = await tts(TEXT_200);
      }
      ours.push(o.first);
      native.push(n.first);
      oursTotal.push(o.total);
      nativeTotal.push(n.total);
    }
    const chars = TEXT_200.length;
    console.log(`\nTime to first audio byte, ${chars} characters (${SAMPLES} samples each):`);
    console.table({
      'POST /v2/tts': {
        'median ms': median(ours).toFixed(1),
        'p95 ms': p95(ours).toFixed(1),
        goal: '≤ 100 ms',
      },
      'native espeak-ng': {
        'median ms': median(native).toFixed(1),
        'p95 ms': p95(native).toFixed(1),
        goal: '',
      },
    });
    console.log(
      `ratio ours ÷ native (median TTFB): ${(median(ours) / median(native)).toFixed(2)}×`,
    );
    console.log(
      `characters/s, whole text: ours ${(chars / (median(oursTotal) / 1000)).toFixed(0)}, native ${(chars / (median(nativeTotal) / 1000)).toFixed(0)} ` +
        `(ratio ${(median(nativeTotal) / median(oursTotal)).toFixed(2)}×)`,
    );

    const stats = async () => {
      const result = await autocannon({
        url: `${server.url}/api/stats/calls`,
        connections: 10,
        duration: Number(args.duration),
      });
      return result.latency.p99;
    };
    const idle = await stats();
    let saturating = true;
    const load = Array.from({ length: 8 }, async () => {
      while (saturating) await tts(TEXT_200.repeat(5));
    });
    const busy = await stats();
    saturating = false;
    await Promise.all(load);
    console.log('\nGET /api/stats/calls p99 (autocannon, 10 connections):');
    console.table({
      idle: { 'p99 ms': idle },
      'speech pool saturated (8 streams)': { 'p99 ms': busy },
    });
    console.log(`ratio saturated ÷ idle: ${(busy / idle).toFixed(2)}× (goal ≤ 2×)`);
  } finally {
    await server.stop();
  }
}

void main();
