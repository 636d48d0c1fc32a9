import { eq } from 'drizzle-orm';
import { ApiError } from '../../platform/errors/api-error';
import { schema, type Db } from '../../adapters/db';

export type OrgRow = typeof schema.organizations.$inferSelect;

export async function getOrgOrThrow(db: Db, orgId: string): Promise<OrgRow> {
  const [org] = await db
    .select()
    .from(schema.organizations)
    .where(eq(schema.organizations.id, orgId));
  if (!org) throw new ApiError('NOT_FOUND', { message: 'No organization has this id.' });
  return org;
}
