import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// A tool's header values are the customer's secrets (API keys): sealed with AES-256-GCM under a
// key derived from URL_SIGNING_KEY (the same on every instance, as the OAuth keys are), so the
// row alone never shows them and any instance can open them for the request.
const VERSION = 'v1';

const keyFrom = (secret: string) =>
  Buffer.from(hkdfSync('sha256', secret, 'voiceai-call-tools', 'tool-headers', 32));

export function sealHeaders(headers: Record<string, string>, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(secret), iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(headers), 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), sealed].map((b) => b.toString('base64url'));
  return [VERSION, ...parts].join('.');
}

/** The headers again; throws when the value was not sealed under this secret. */
export function openHeaders(sealed: string, secret: string): Record<string, string> {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || data === undefined)
    throw new Error('not sealed tool headers');
  const decipher = createDecipheriv('aes-256-gcm', keyFrom(secret), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  const text = Buffer.concat([
    decipher.update(Buffer.from(data, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
  return JSON.parse(text) as Record<string, string>;
}
