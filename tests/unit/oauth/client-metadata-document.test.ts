import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientDocumentResolver,
  isClientDocumentUrl,
  parseDocument,
} from '@/lib/tool-server/oauth/client-metadata-document';

const ID = 'https://app.example/oauth/client.json';
const doc = (fields: Record<string, unknown>) =>
  JSON.stringify({ client_id: ID, redirect_uris: ['https://app.example/cb'], ...fields });

/** The OAuth error a refusal carries (oidc-provider's error classes). */
async function refusal(promise: Promise<unknown>): Promise<{ error: string; description: string }> {
  try {
    await promise;
  } catch (error) {
    const e = error as { error?: string; error_description?: string };
    return { error: e.error ?? 'none', description: e.error_description ?? '' };
  }
  throw new Error('expected a refusal');
}

describe('parseDocument', () => {
  it('keeps the client name and redirect URIs, makes the client public, drops the rest', () => {
    const metadata = parseDocument(
      ID,
      doc({ client_name: 'App', grant_types: ['authorization_code', 'implicit'], jwks_uri: 'x' }),
    );
    expect(metadata).toEqual({
      client_id: ID,
      client_name: 'App',
      redirect_uris: ['https://app.example/cb'],
      grant_types: ['authorization_code'],
      token_endpoint_auth_method: 'none',
    });
  });

  it.each([
    ['not JSON', '{', 'not JSON'],
    ['an array', '[]', 'not a JSON object'],
    ['another client_id', doc({ client_id: 'https://other.example/c.json' }), 'client_id'],
    ['a client secret', doc({ client_secret: 's' }), 'client_secret'],
    [
      'a secret-based auth method',
      doc({ token_endpoint_auth_method: 'client_secret_basic' }),
      'none',
    ],
    ['no redirect URIs', doc({ redirect_uris: [] }), 'redirect_uris'],
  ])('refuses a document with %s as invalid_client', async (_name, body, why) => {
    const { error, description } = await refusal(
      Promise.resolve().then(() => parseDocument(ID, body)),
    );
    expect(error).toBe('invalid_client');
    expect(description).toContain(why);
  });
});

describe('isClientDocumentUrl', () => {
  it('tells URL client ids from registered ones', () => {
    expect(isClientDocumentUrl(ID)).toBe(true);
    expect(isClientDocumentUrl('h3Jk9_registered-id')).toBe(false);
  });
});

describe('clientDocumentResolver', () => {
  let server: Server;
  let base: string;
  let hits = 0;
  let body = '';
  beforeAll(async () => {
    server = createServer((_req, res) => {
      hits += 1;
      res.writeHead(200, { 'content-type': 'application/json' }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('in production refuses http, loopback names and private addresses', async () => {
    const resolve = clientDocumentResolver({ allowInsecureLoopback: false });
    expect((await refusal(resolve(`${base}/c.json`))).description).toContain('https');
    for (const id of ['https://localhost/c.json', 'https://192.168.1.20/c.json']) {
      const { error, description } = await refusal(resolve(id));
      expect(error).toBe('invalid_client');
      expect(description).toMatch(/loopback|private/);
    }
    expect((await refusal(resolve('https://app.example/'))).description).toContain('path');
  });

  it('with the test flag fetches a loopback document once, then serves it from cache', async () => {
    const resolve = clientDocumentResolver({ allowInsecureLoopback: true });
    const id = `${base}/oauth/client.json`;
    body = JSON.stringify({ client_id: id, redirect_uris: ['http://127.0.0.1:1/cb'] });
    hits = 0;
    expect(await resolve(id)).toMatchObject({ client_id: id });
    expect(await resolve(id)).toMatchObject({ client_id: id });
    expect(hits).toBe(1);
  });

  it('refuses a document over 5 KiB', async () => {
    const resolve = clientDocumentResolver({ allowInsecureLoopback: true });
    const id = `${base}/big.json`;
    body = JSON.stringify({
      client_id: id,
      redirect_uris: ['http://127.0.0.1:1/cb'],
      pad: 'x'.repeat(6000),
    });
    expect((await refusal(resolve(id))).description).toContain('5120 bytes');
  });

  it('returns nothing for an id that is not a URL (a registered client)', async () => {
    expect(await clientDocumentResolver({ allowInsecureLoopback: false })('abc')).toBeUndefined();
  });
});
