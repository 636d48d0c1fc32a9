import { randomBytes } from 'node:crypto';
import { schema, type Db } from '../adapters/db';
import type { AudioFormat } from './audio-format';

/** A public link to a generation; the voice is checked now, billing happens on each play. */
export async function createShare(
  db: Db,
  input: { orgId: string; text: string; voice: string; format: AudioFormat },
  now: Date,
): Promise<string> {
  const id = randomBytes(32).toString('base64url');
  await db.insert(schema.audioShares).values({
    id,
    orgId: input.orgId,
    text: input.text,
    voice: input.voice,
    audio: { ...input.format },
    createdAt: now,
  });
  return id;
}
