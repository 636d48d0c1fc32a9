import { asc, eq } from 'drizzle-orm';
import { schema, type Db } from '../../adapters/db';

/** An organization's members with their role, oldest first. */
export async function listMembers(db: Db, orgId: string) {
  return db
    .select({
      userId: schema.orgMembers.userId,
      email: schema.authUsers.email,
      name: schema.authUsers.name,
      role: schema.orgMembers.role,
      joinedAt: schema.orgMembers.createdAt,
    })
    .from(schema.orgMembers)
    .innerJoin(schema.authUsers, eq(schema.authUsers.id, schema.orgMembers.userId))
    .where(eq(schema.orgMembers.orgId, orgId))
    .orderBy(asc(schema.orgMembers.createdAt));
}
