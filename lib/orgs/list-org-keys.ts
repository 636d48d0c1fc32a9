import { and, desc, eq, isNull } from 'drizzle-orm';
import { schema, type Db } from '../db';

export interface OrgKey {
  keyId: string;
  prefix: string;
  name: string | null;
  /** NULL: full access (a key made before scopes existed). */
  scopes: string[] | null;
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  lastUsedIp: string | null;
  previousExpiresAt: Date | null;
  agentClientName: string | null;
}

/** The organization's live (unrevoked) keys, newest first; secrets are never kept, never shown. */
export async function listOrgKeys(db: Db, orgId: string): Promise<OrgKey[]> {
  return db
    .select({
      keyId: schema.apiKeys.id,
      prefix: schema.apiKeys.prefix,
      name: schema.apiKeys.name,
      scopes: schema.apiKeys.scopes,
      createdAt: schema.apiKeys.createdAt,
      expiresAt: schema.apiKeys.expiresAt,
      lastUsedAt: schema.apiKeys.lastUsedAt,
      lastUsedIp: schema.apiKeys.lastUsedIp,
      previousExpiresAt: schema.apiKeys.previousExpiresAt,
      agentClientName: schema.apiKeys.agentClientName,
    })
    .from(schema.apiKeys)
    .where(and(eq(schema.apiKeys.orgId, orgId), isNull(schema.apiKeys.revokedAt)))
    .orderBy(desc(schema.apiKeys.createdAt), desc(schema.apiKeys.id));
}
