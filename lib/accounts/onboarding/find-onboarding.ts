import { eq } from 'drizzle-orm';
import { schema, type Db } from '../../adapters/db';
import { displayUserCode, normalizeUserCode } from './codes';

/** What the verification page shows about a code: the client's name and whether it can be decided. */
export async function findOnboarding(db: Db, userCode: string, now: Date) {
  const code = normalizeUserCode(userCode);
  if (code.length !== 8) return null;
  const [row] = await db
    .select()
    .from(schema.agentOnboardings)
    .where(eq(schema.agentOnboardings.userCode, code));
  if (!row) return null;
  const expired = now.getTime() >= row.expiresAt.getTime();
  return {
    userCode: displayUserCode(row.userCode),
    clientName: row.clientName,
    decidable: row.status === 'pending' && !expired,
    status: expired && row.status === 'pending' ? 'expired' : row.status,
  };
}
