import { randomBytes } from 'node:crypto';
import { schema, type Executor } from '../db';
import { displayPrefix, generateApiKey, hashApiKey } from './api-key';

export interface IssuedKey {
  keyId: string;
  /** The only time the key is available in clear. */
  apiKey: string;
}

export async function issueApiKey(db: Executor, orgId: string, now: Date): Promise<IssuedKey> {
  const apiKey = generateApiKey();
  const keyId = `key_${randomBytes(9).toString('base64url')}`;
  await db.insert(schema.apiKeys).values({
    id: keyId,
    orgId,
    prefix: displayPrefix(apiKey),
    hash: hashApiKey(apiKey),
    createdAt: now,
  });
  return { keyId, apiKey };
}
