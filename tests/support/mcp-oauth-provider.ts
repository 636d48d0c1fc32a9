import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { throwawayCertificate } from './throwaway-cert';

// What an MCP client application keeps for the SDK's OAuth code (both SDK lines take the same
// shape): its registration, tokens and PKCE verifier in memory, and the authorization URL it
// would open in the person's browser, for the test to open in Chromium instead.

export interface ProviderOptions {
  clientName: string;
  redirectUrl: string;
  /** Set: the client registers by its Client ID Metadata Document (else by DCR). */
  clientMetadataUrl?: string;
}

type Json = Record<string, unknown>;

export class MemoryOAuthProvider {
  registrations: Json[] = [];
  authorizationUrl: URL | undefined;
  private info: Json | undefined;
  private stored: Json | undefined;
  private verifier = '';

  constructor(private readonly options: ProviderOptions) {}

  get redirectUrl(): string {
    return this.options.redirectUrl;
  }
  get clientMetadataUrl(): string | undefined {
    return this.options.clientMetadataUrl;
  }
  get clientMetadata() {
    return {
      client_name: this.options.clientName,
      redirect_uris: [this.options.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  clientInformation() {
    return this.info as { client_id: string } | undefined;
  }
  saveClientInformation(info: Json): void {
    this.registrations.push(info);
    this.info = info;
  }
  tokens() {
    return this.stored as { access_token: string; token_type: string } | undefined;
  }
  saveTokens(tokens: Json): void {
    this.stored = tokens;
  }
  forgetAuthorizationUrl(): void {
    this.authorizationUrl = undefined;
  }
  redirectToAuthorization(url: URL): void {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }
  codeVerifier(): string {
    return this.verifier;
  }
}

/**
 * An https server on 127.0.0.1 with a throwaway self-signed certificate, answering one
 * Client ID Metadata Document: the SDKs accept only https metadata URLs. The server under test
 * trusts the certificate through NODE_EXTRA_CA_CERTS.
 */
export async function serveHttpsDocument(build: (url: string) => Json): Promise<{
  url: string;
  certFile: string;
  hits: () => number;
  close: () => Promise<void>;
}> {
  const { key, cert, certFile } = throwawayCertificate();
  let hits = 0;
  let url = '';
  const server: Server = createServer({ key, cert }, (_req, res) => {
    hits += 1;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(build(url)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/oauth/client.json`;
  return {
    url,
    certFile,
    hits: () => hits,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
