import { and, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import { schema, type Db } from '../../adapters/db';
import { parseGrantAccount } from './grant-account';

export interface ConnectedApp {
  clientId: string;
  /** The registered client_name; a metadata-document client is named by its URL's host. */
  name: string;
  scopes: string[];
  /** Who approved it (emails; grants approved with an API key before members consented: none). */
  approvedBy: string[];
  /** When its longest-lived token (usually a refresh token) expires. */
  activeUntil: Date;
}

const LIVE_KINDS = ['AccessToken', 'RefreshToken'];

function documentHost(clientId: string): string {
  try {
    return new URL(clientId).host || clientId;
  } catch {
    return clientId;
  }
}

/** The OAuth clients holding a live access or refresh token for the organization. */
export async function listConnectedApps(db: Db, orgId: string, now: Date): Promise<ConnectedApp[]> {
  const t = schema.oauthTokens;
  const rows = await db
    .select({
      clientId: t.clientId,
      accountId: t.accountId,
      scope: t.scope,
      expiresAt: t.expiresAt,
    })
    .from(t)
    .where(
      and(
        eq(t.orgId, orgId),
        inArray(t.kind, LIVE_KINDS),
        gt(t.expiresAt, now),
        // A rotated refresh token stays (consumed) until it expires: it no longer counts.
        or(eq(t.kind, 'AccessToken'), isNull(t.consumedAt)),
      ),
    );
  const apps = new Map<string, { scopes: Set<string>; users: Set<string>; until: Date }>();
  for (const row of rows) {
    if (!row.clientId) continue;
    const app = apps.get(row.clientId) ?? {
      scopes: new Set(),
      users: new Set(),
      until: row.expiresAt,
    };
    for (const scope of (row.scope ?? '').split(' '))
      if (scope.startsWith('mcp:')) app.scopes.add(scope);
    const account = row.accountId ? parseGrantAccount(row.accountId) : null;
    if (account?.kind === 'member') app.users.add(account.userId);
    if (row.expiresAt > app.until) app.until = row.expiresAt;
    apps.set(row.clientId, app);
  }
  if (apps.size === 0) return [];
  const ids = [...apps.keys()];
  const userIds = [...new Set([...apps.values()].flatMap((a) => [...a.users]))];
  const [clients, users] = await Promise.all([
    db
      .select({ id: schema.oauthClients.id, metadata: schema.oauthClients.metadata })
      .from(schema.oauthClients)
      .where(inArray(schema.oauthClients.id, ids)),
    userIds.length
      ? db
          .select({ id: schema.authUsers.id, email: schema.authUsers.email })
          .from(schema.authUsers)
          .where(inArray(schema.authUsers.id, userIds))
      : Promise.resolve([]),
  ]);
  const names = new Map(clients.map((c) => [c.id, c.metadata.client_name]));
  const emails = new Map(users.map((u) => [u.id, u.email]));
  return ids
    .map((clientId) => {
      const app = apps.get(clientId)!;
      const name = names.get(clientId);
      return {
        clientId,
        name: typeof name === 'string' && name ? name : documentHost(clientId),
        scopes: [...app.scopes].sort(),
        approvedBy: [...app.users].map((id) => emails.get(id) ?? id).sort(),
        activeUntil: app.until,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}
