// The outside fuzzers on both OpenAPI documents, against the built server on real Postgres and
// Redis: generated traffic (fast-check from the documents' schemas, fixed seed) through Prism's
// validation proxy, byte-level traffic straight to the server, and Portman's contract and fuzz
// collections run by newman. Any violation of the oracle (tests/fuzz/oracle.ts) fails the run.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareFuzzContext } from '../fuzz/fuzz-setup';
import {
  operationsOf,
  type DocumentedOperation,
  type OpenApiDocument,
} from '../fuzz/openapi-document';
import { Oracle } from '../fuzz/oracle';
import { startPrism, type RunningPrism } from '../fuzz/prism';
import { rawRequests } from '../fuzz/raw-cases';
import { sampleRequests, type FuzzContext, type FuzzRequest } from '../fuzz/request-cases';
import { portmanConfig } from '../fuzz/portman-config';
import { runPortman } from '../fuzz/portman-run';
import { runGenerated, summarize, type Target, type Violation } from '../fuzz/run-generated';
import { closeAgent } from '../fuzz/send';
import { startVoiceServer, type VoiceServer } from '../support/voice-api';

const SEED = 16;
/**
 * Generated requests per documented operation: 61 operations and ≈ 1,100 byte-level requests make
 * ≈ 10,900 a run (300 made 19,400 once the documents had grown, 8 of CI's 40 minutes).
 */
const PER_OPERATION = Number(process.env.FUZZ_PER_OPERATION ?? 160);
const CONCURRENCY = 8;

let server: VoiceServer;
const prisms: RunningPrism[] = [];
let context: FuzzContext;
/** Portman's run has an org of its own: the tool server's 120 requests a minute are per org. */
let portmanContext: FuzzContext;
let dir: string;
const documents: {
  name: 'marketing' | 'voice';
  document: OpenApiDocument;
  file: string;
  target: Target;
}[] = [];

beforeAll(async () => {
  server = await startVoiceServer({ env: { TRUST_PROXY: 'true', SANDBOX_TIME_SCALE: '200' } });
  context = await prepareFuzzContext(server.url);
  portmanContext = await prepareFuzzContext(server.url);
  dir = mkdtempSync(join(tmpdir(), 'voiceai-fuzz-'));
  for (const [name, path] of [
    ['marketing', '/openapi.json'],
    ['voice', '/v1/openapi.json'],
  ] as const) {
    const document = (await (await fetch(server.url + path)).json()) as OpenApiDocument;
    const file = join(dir, `${name}.json`);
    writeFileSync(file, JSON.stringify(document));
    const prism = await startPrism(file, server.url);
    prisms.push(prism);
    documents.push({
      name,
      document,
      file,
      target: { oracle: new Oracle(name, document), prismUrl: prism.url, serverUrl: server.url },
    });
  }
}, 180_000);

afterAll(async () => {
  closeAgent();
  await Promise.all(prisms.map((p) => p.stop()));
  await server?.dispose();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('outside fuzzers on both documents', () => {
  it('generated traffic: no violation of the oracle', { timeout: 600_000 }, async () => {
    const requests: { request: FuzzRequest; target: Target }[] = [];
    let seed = SEED;
    for (const { name, document, target } of documents) {
      const operations: DocumentedOperation[] = operationsOf(name, document);
      for (const operation of operations) {
        seed += 1;
        for (const request of sampleRequests(
          operation,
          document,
          target.oracle,
          context,
          PER_OPERATION,
          seed,
        )) {
          requests.push({ request, target });
        }
      }
      for (const request of rawRequests(operations, context, target.oracle))
        requests.push({ request, target });
    }
    const started = Date.now();
    const result = await runGenerated(requests, CONCURRENCY);
    console.log(
      `fuzz: ${result.sent} generated requests in ${((Date.now() - started) / 1000).toFixed(1)} s, ` +
        `statuses ${JSON.stringify(result.statuses)}, ${result.violations.length} violations\n` +
        summarize(result.violations),
    );
    if (process.env.FUZZ_REPORT) {
      writeFileSync(process.env.FUZZ_REPORT, JSON.stringify(result.violations));
      writeFileSync(`${process.env.FUZZ_REPORT}.log`, server.logs());
    }
    for (const prism of prisms) expect(prism.alive(), prism.logs()).toBe(true);
    expect(result.sent).toBeGreaterThanOrEqual(10_000);
    expect(result.violations).toEqual([]);
  });

  it(
    'Portman: contract tests and fuzz variations of both documents, run by newman',
    { timeout: 300_000 },
    async () => {
      let requests = 0;
      let assertions = 0;
      const stillValid: string[] = [];
      const violations: Violation[] = [];
      for (const { name, document, file, target } of documents) {
        const result = await runPortman({
          dir,
          name,
          documentFile: file,
          baseUrl: target.prismUrl,
          serverUrl: server.url,
          config: portmanConfig(portmanContext, server.url),
          document,
          oracle: target.oracle,
          operations: operationsOf(name, document),
          apiKey: portmanContext.apiKey,
        });
        requests += result.requests;
        assertions += result.assertions;
        stillValid.push(...result.stillValid);
        violations.push(...result.violations);
      }
      console.log(
        `portman: ${requests} requests, ${assertions} assertions, ${violations.length} violations; ` +
          `variations that still conformed (not expected to be refused): ${stillValid.join(', ') || 'none'}\n` +
          summarize(violations),
      );
      expect(requests).toBeGreaterThan(100);
      expect(violations).toEqual([]);
    },
  );
});
