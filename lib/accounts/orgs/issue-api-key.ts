import { randomBytes } from 'node:crypto';
import { schema, type Executor } from '../../adapters/db';
import { displayPrefix, generateApiKey, hashApiKey } from './api-key';

export interface IssuedKey {
  keyId: string;
  /** The only time the key is available in clear. */
  apiKey: string;
}

export interface KeyOptions {
  name?: string | null;
  /** NULL or absent: full access (admin-issued keys, as before scopes). */
  scopes?: string[] | null;
  expiresAt?: Date | null;
  createdBy?: string | null;
  agentClientName?: string | null;
  /** Monthly spend cap in micro-dollars; NULL or absent: none. */
  spendCapMicros?: number | null;
}

export async function issueApiKey(
  db: Executor,
  orgId: string,
  now: Date,
  options: KeyOptions = {},
): Promise<IssuedKey> {
  const apiKey = generateApiKey();
  const keyId = `key_${randomBytes(9).toString('base64url')}`;
  await db.insert(schema.apiKeys).values({
    id: keyId,
    orgId,
    prefix: displayPrefix(apiKey),
    hash: hashApiKey(apiKey),
    createdAt: now,
    name: options.name ?? null,
    scopes: options.scopes ?? null,
    expiresAt: options.expiresAt ?? null,
    createdBy: options.createdBy ?? null,
    agentClientName: options.agentClientName ?? null,
    spendCapMicros: options.spendCapMicros ?? null,
  });
  return { keyId, apiKey };
}
