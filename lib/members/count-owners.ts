import { and, count, eq } from 'drizzle-orm';
import { schema, type Executor } from '../db';

export async function countOwners(db: Executor, orgId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(schema.orgMembers)
    .where(and(eq(schema.orgMembers.orgId, orgId), eq(schema.orgMembers.role, 'owner')));
  return row?.n ?? 0;
}
