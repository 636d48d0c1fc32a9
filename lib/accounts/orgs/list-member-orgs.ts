import { asc, eq } from 'drizzle-orm';
import { schema, type Db, type Executor } from '../../adapters/db';
import type { MemberRole } from '../../adapters/db/schema/members';

export interface MemberOrg {
  orgId: string;
  name: string;
  role: MemberRole;
  balanceMicros: number;
}

/** Memberships joined to their organizations, as a MemberOrg each (filtered by the caller). */
export const selectMemberOrgs = (db: Executor) =>
  db
    .select({
      orgId: schema.orgMembers.orgId,
      name: schema.organizations.name,
      role: schema.orgMembers.role,
      balanceMicros: schema.organizations.balanceMicros,
    })
    .from(schema.orgMembers)
    .innerJoin(schema.organizations, eq(schema.organizations.id, schema.orgMembers.orgId));

/** The organizations a user belongs to, with their role in each, oldest membership first. */
export async function listMemberOrgs(db: Db, userId: string): Promise<MemberOrg[]> {
  return selectMemberOrgs(db)
    .where(eq(schema.orgMembers.userId, userId))
    .orderBy(asc(schema.orgMembers.createdAt));
}
