import { expect } from 'vitest';
import { CallDetail, type CallDetailBody } from '@/schemas/call-detail';
import { migratedPostgresUrl } from './databases';
import { randomBytes } from 'node:crypto';
import { eventually } from './eventually';
import { ADMIN_TOKEN, admin } from './http';
import { TEST_REDIS_URL } from './redis';
import { startServer, type RunningServer, type StartOptions } from './server';
import { startForSuite } from './start-for-suite';

export interface VoiceServer extends RunningServer {
  databaseUrl: string;
  keyPrefix: string;
  /** The environment that points another process at the same database and keys. */
  env: Record<string, string>;
  dispose(): Promise<void>;
}

/**
 * A built server on a fresh database of the real Postgres server and the real Redis under a key
 * prefix of its own (no flush needed, so suites never disturb each other), with the admin API on.
 * Pass `shareWith` to run another instance on the same database and keys.
 */
export async function startVoiceServer(
  options: StartOptions & { shareWith?: VoiceServer } = {},
): Promise<VoiceServer> {
  const owned = options.shareWith ? undefined : await migratedPostgresUrl();
  const databaseUrl = options.shareWith?.databaseUrl ?? owned!.url;
  const keyPrefix = options.shareWith?.keyPrefix ?? `vai-t-${randomBytes(5).toString('hex')}:`;
  const server = await startServer({
    ...options,
    env: {
      ADMIN_TOKEN,
      DATABASE_URL: databaseUrl,
      REDIS_URL: TEST_REDIS_URL,
      STORE_KEY_PREFIX: keyPrefix,
      ...options.env,
    },
  });
  return {
    ...server,
    databaseUrl,
    keyPrefix,
    env: { DATABASE_URL: databaseUrl, REDIS_URL: TEST_REDIS_URL, STORE_KEY_PREFIX: keyPrefix },
    dispose: async () => {
      await server.stop();
      await owned?.drop();
    },
  };
}

export interface TestOrg {
  orgId: string;
  apiKey: string;
  keyId: string;
}

export async function createTestOrg(base: string, startingCreditUsd = 10): Promise<TestOrg> {
  const created = (await fetch(`${base}/internal/orgs`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Test org', starting_credit_usd: startingCreditUsd }),
  }).then((r) => r.json())) as { org_id: string; api_key: string; key_id: string };
  return { orgId: created.org_id, apiKey: created.api_key, keyId: created.key_id };
}

/** A built voice server (as startVoiceServer) with one org already on it, for a suite. */
export async function startVoiceServerWithOrg(
  options: StartOptions = {},
  startingCreditUsd = 10,
): Promise<{ server: VoiceServer; org: TestOrg }> {
  const server = await startVoiceServer(options);
  return { server, org: await createTestOrg(server.url, startingCreditUsd) };
}

export type ServerWithOrg = Awaited<ReturnType<typeof startVoiceServerWithOrg>>;

/** startVoiceServerWithOrg before the file's tests (handed to `ready`), disposed after them. */
export function serverWithOrgForFile(
  options: StartOptions,
  startingCreditUsd: number,
  ready: (started: ServerWithOrg) => void,
): void {
  const start = () => startVoiceServerWithOrg(options, startingCreditUsd);
  startForSuite(start, (started) => started.server.dispose(), ready);
}

export async function orgDetail(base: string, orgId: string) {
  return (await admin(base, `/internal/orgs/${orgId}`)) as {
    wallet: { balance_usd: number; deposits_usd: number; starting_credit_usd: number };
    webhook_signing_secret: string;
    limits: Record<string, number>;
  };
}

/** A request with the org's key as `Authorization: Bearer <key>`. */
export function voice(
  base: string,
  apiKey: string,
  path: string,
  init: RequestInit & { json?: unknown } = {},
): Promise<Response> {
  const { json, ...rest } = init;
  return fetch(base + path, {
    ...rest,
    method: rest.method ?? (json === undefined ? 'GET' : 'POST'),
    headers: {
      authorization: `Bearer ${apiKey}`,
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      ...rest.headers,
    },
    body: json === undefined ? rest.body : JSON.stringify(json),
  });
}

export async function dispatch(
  base: string,
  apiKey: string,
  body: Record<string, unknown>,
): Promise<string> {
  const response = await voice(base, apiKey, '/v1/calls', { json: body });
  expect(response.status).toBe(200);
  return ((await response.json()) as { call_id: string }).call_id;
}

export async function getCall(
  base: string,
  apiKey: string,
  callId: string,
): Promise<CallDetailBody> {
  const response = await voice(base, apiKey, `/v1/calls/${callId}`);
  expect(response.status).toBe(200);
  return CallDetail.parse(await response.json());
}

/** Polls the call until it has ended (complete or call_error). */
export function waitForEnd(
  base: string,
  apiKey: string,
  callId: string,
  timeoutMs = 30_000,
): Promise<CallDetailBody> {
  return eventually(async () => {
    const call = await getCall(base, apiKey, callId);
    return call.completed ? call : undefined;
  }, timeoutMs);
}

export const TASK =
  'Confirm the dental appointment for {{day}} at 3pm. Ask whether they need parking. Offer to send a text reminder.';
