import { eq } from 'drizzle-orm';
import { schema, type Db } from '../../adapters/db';

/** Which of the organization's clones have a recorded consent statement, and its length (s). */
export async function listConsentRecordings(db: Db, orgId: string): Promise<Map<string, number>> {
  const r = schema.voiceConsentRecordings;
  const rows = await db
    .select({ voiceId: r.voiceId, seconds: r.seconds })
    .from(r)
    .where(eq(r.orgId, orgId));
  return new Map(rows.map((row) => [row.voiceId, row.seconds]));
}
