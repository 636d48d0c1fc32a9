import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as V1Transport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, signedInContext, type RunningBrowser } from '../support/browser';
import { MemoryOAuthProvider, serveHttpsDocument } from '../support/mcp-oauth-provider';
import { serveRedirectTarget } from '../support/oauth-client';
import { signInMember } from '../support/oauth-member';
import {
  createTestOrg,
  dispatch,
  startVoiceServer,
  TASK,
  type TestOrg,
  type VoiceServer,
} from '../support/voice-api';

// Acceptance: the MCP SDK's own clients, the current one (@modelcontextprotocol/client, protocol
// 2026-07-28) and the 2025-11-25 one (@modelcontextprotocol/sdk 1.x), go the whole way a user's
// agent goes: 401 from the tool server → protected-resource and authorization-server discovery →
// registration (by a Client ID Metadata Document served here over https, and by DCR) → authorize
// with PKCE → the consent page in Chromium, a signed-in member approving for the org → token → tools/list → get_call; a read-only grant
// calling create_call gets the 403 insufficient_scope answer that starts a step-up.
let server: VoiceServer;
let chromium: RunningBrowser;
let org: TestOrg;
let member: string;
let document: Awaited<ReturnType<typeof serveHttpsDocument>>;
let callback: Awaited<ReturnType<typeof serveRedirectTarget>>;
let mcpUrl: URL;
let callId: string;

beforeAll(async () => {
  callback = await serveRedirectTarget('/cb', 'You can close this tab.');
  document = await serveHttpsDocument((url) => ({
    client_id: url,
    client_name: 'Document agent',
    redirect_uris: [callback.url],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  }));
  [server, chromium] = await Promise.all([
    startVoiceServer({
      env: {
        SANDBOX_TIME_SCALE: '200',
        OAUTH_CIMD_ALLOW_INSECURE_LOOPBACK: 'true',
        NODE_EXTRA_CA_CERTS: document.certFile,
      },
    }),
    launchChromium(),
  ]);
  org = await createTestOrg(server.url);
  member = await signInMember(server.url, org.orgId, 'owner@mcp-clients.test');
  mcpUrl = new URL(`${server.url}/v1/mcp`);
  callId = await dispatch(server.url, org.apiKey, { phone_number: '+14155550123', task: TASK });
});
afterAll(async () => {
  await callback?.close();
  await document?.close();
  await Promise.all([chromium?.close(), server?.dispose()]);
});

/** The person's part: open the URL the client produced, signed in, pick the org, choose, approve. */
async function consentInChromium(url: URL, options: { readOnly?: boolean } = {}): Promise<URL> {
  const context = await signedInContext(chromium, server.url, member);
  const page = await context.newPage();
  try {
    await page.goto(url.href);
    await page.getByLabel('Organization').selectOption(org.orgId);
    if (options.readOnly) await page.getByRole('checkbox', { name: /mcp:write/ }).uncheck();
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL((landed) => landed.href.startsWith(callback.url));
    return new URL(page.url());
  } finally {
    await context.close();
  }
}

interface AnyClient {
  listTools(): Promise<{ tools: { name: string }[] }>;
  callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
}

/** Until the first authorized request the client throws (after recording where to send the person). */
async function expectUnauthorized(run: () => Promise<unknown>, provider: MemoryOAuthProvider) {
  await expect(run()).rejects.toThrow(/unauthori[sz]ed/i);
  expect(provider.authorizationUrl).toBeDefined();
}

async function listAndGetCall(client: AnyClient) {
  const { tools } = await client.listTools();
  expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['get_call', 'create_call']));
  const got = (await client.callTool({ name: 'get_call', arguments: { call_id: callId } })) as {
    isError?: boolean;
    structuredContent?: unknown;
  };
  expect(got.isError).toBeFalsy();
  expect(got.structuredContent).toMatchObject({ call_id: callId });
}

describe('the current SDK (@modelcontextprotocol/client)', () => {
  const modern = (provider: MemoryOAuthProvider) => {
    const transport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider });
    const client = new Client(
      { name: 'oauth-agent', version: '1.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    return { client, transport };
  };

  it('registers by its metadata document and reaches the tools with a consented token', async () => {
    const provider = new MemoryOAuthProvider({
      clientName: 'Document agent',
      redirectUrl: callback.url,
      clientMetadataUrl: document.url,
    });
    const first = modern(provider);
    await expectUnauthorized(async () => {
      await first.client.connect(first.transport);
      await first.client.listTools();
    }, provider);
    const authUrl = provider.authorizationUrl!;
    expect(authUrl.origin + authUrl.pathname).toBe(`${server.url}/authorization/authorize`);
    expect(authUrl.searchParams.get('client_id')).toBe(document.url);
    expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authUrl.searchParams.get('resource')).toBe(mcpUrl.href);
    // No DCR: the client id is the document URL itself.
    expect(provider.registrations.map((r) => r.client_id)).toEqual([document.url]);
    expect(provider.registrations[0]).not.toHaveProperty('client_id_issued_at');

    const landed = await consentInChromium(authUrl);
    await first.transport.finishAuth(landed.searchParams);
    expect(provider.tokens()?.access_token).toBeTruthy();
    expect(document.hits()).toBeGreaterThanOrEqual(1);

    const second = modern(provider);
    await second.client.connect(second.transport);
    await listAndGetCall(second.client);
    await second.client.close();
  });

  it('steps up from a read-only grant: the 403 sends the person back to approve mcp:write', async () => {
    const provider = new MemoryOAuthProvider({ clientName: 'Reader', redirectUrl: callback.url });
    const first = modern(provider);
    await expectUnauthorized(async () => {
      await first.client.connect(first.transport);
      await first.client.listTools();
    }, provider);
    const readOnly = await consentInChromium(provider.authorizationUrl!, { readOnly: true });
    await first.transport.finishAuth(readOnly.searchParams);

    const second = modern(provider);
    await second.client.connect(second.transport);
    await listAndGetCall(second.client);
    provider.forgetAuthorizationUrl();
    const create = {
      name: 'create_call',
      arguments: { phone_number: '+14155550123', task: TASK, confirm: true },
    };
    await expect(second.client.callTool(create)).rejects.toThrow();
    const stepUp = provider.authorizationUrl as URL | undefined;
    expect(stepUp?.searchParams.get('scope')).toContain('mcp:write');

    const approved = await consentInChromium(stepUp!);
    await second.transport.finishAuth(approved.searchParams);
    const third = modern(provider);
    await third.client.connect(third.transport);
    const created = (await third.client.callTool(create)) as { structuredContent?: unknown };
    expect(created.structuredContent).toMatchObject({ call_id: expect.any(String) });
    await third.client.close();
  });
});

describe('the 2025-11-25 SDK (@modelcontextprotocol/sdk 1.x)', () => {
  const legacy = (provider: MemoryOAuthProvider) => ({
    client: new V1Client({ name: 'legacy-oauth-agent', version: '1.0.0' }),
    transport: new V1Transport(mcpUrl, { authProvider: provider }),
  });

  it('registers by DCR and reaches the tools with a consented token', async () => {
    const provider = new MemoryOAuthProvider({
      clientName: 'DCR agent',
      redirectUrl: callback.url,
    });
    const first = legacy(provider);
    await expectUnauthorized(() => first.client.connect(first.transport), provider);
    expect(provider.registrations).toHaveLength(1);
    expect(provider.registrations[0]).toMatchObject({ client_name: 'DCR agent' });

    const landed = await consentInChromium(provider.authorizationUrl!);
    expect(landed.searchParams.get('iss')).toBe(`${server.url}/authorization`);
    await first.transport.finishAuth(landed.searchParams.get('code')!);

    const second = legacy(provider);
    await second.client.connect(second.transport);
    await listAndGetCall(second.client);
    await second.client.close();
  });

  it('a read-only grant calling create_call gets 403 insufficient_scope naming mcp:write', async () => {
    const provider = new MemoryOAuthProvider({ clientName: 'Reader', redirectUrl: callback.url });
    const first = legacy(provider);
    await expectUnauthorized(() => first.client.connect(first.transport), provider);
    const landed = await consentInChromium(provider.authorizationUrl!, { readOnly: true });
    await first.transport.finishAuth(landed.searchParams.get('code')!);
    const token = provider.tokens()!.access_token;

    // What the tool server answers, as the client sees it on the wire.
    const raw = await fetch(mcpUrl, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-11-25',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: {
          name: 'create_call',
          arguments: { phone_number: '+14155550123', task: TASK, confirm: true },
        },
      }),
    });
    expect(raw.status).toBe(403);
    const challenge = raw.headers.get('www-authenticate') ?? '';
    expect(challenge).toContain('error="insufficient_scope"');
    expect(challenge).toContain('mcp:write');
    expect(challenge).toContain('resource_metadata="');

    // The 1.x client answers a 403 by refreshing (its refresh keeps the granted scope), sees the
    // same 403 and gives up: the person has to authorize again, as the current SDK does below.
    const second = legacy(provider);
    await second.client.connect(second.transport);
    await listAndGetCall(second.client);
    await expect(
      second.client.callTool({
        name: 'create_call',
        arguments: { phone_number: '+14155550123', task: TASK, confirm: true },
      }),
    ).rejects.toThrow(/403/);
    await second.client.close();
  });
});
