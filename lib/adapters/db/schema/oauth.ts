import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './orgs';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The authorization server's record as the OAuth library hands it over (its `jti` removed). */
export type OAuthPayload = Record<string, unknown>;

/** Clients registered with Dynamic Client Registration (RFC 7591); metadata documents are not kept. */
export const oauthClients = pgTable('oauth_clients', {
  id: text('id').primaryKey(),
  metadata: jsonb('metadata').$type<OAuthPayload>().notNull(),
  createdAt: at('created_at').notNull(),
});

/**
 * Codes, access and refresh tokens (and registration access tokens). The token value itself is
 * never stored: `id_hash` is its SHA-256, so a copy of this table cannot be replayed.
 */
export const oauthTokens = pgTable(
  'oauth_tokens',
  {
    kind: text('kind').notNull(),
    idHash: text('id_hash').notNull(),
    grantId: text('grant_id'),
    /** Who approved the grant: `member:{org_id}:{user_id}` (lib/tool-server/oauth/grant-account.ts), or the API key of grants from before member consent. */
    accountId: text('account_id'),
    orgId: uuid('org_id').references(() => organizations.id),
    clientId: text('client_id'),
    scope: text('scope'),
    /** The audience (RFC 8707 resource) an access token is bound to. */
    resource: text('resource'),
    payload: jsonb('payload').$type<OAuthPayload>().notNull(),
    expiresAt: at('expires_at').notNull(),
    consumedAt: at('consumed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.idHash] }),
    index('oauth_tokens_grant_idx').on(t.grantId),
    index('oauth_tokens_expiry_idx').on(t.expiresAt),
  ],
);

/** Everything else the library keeps: grants, browser sessions, interactions (ids hashed too). */
export const oauthRecords = pgTable(
  'oauth_records',
  {
    kind: text('kind').notNull(),
    idHash: text('id_hash').notNull(),
    grantId: text('grant_id'),
    uid: text('uid'),
    payload: jsonb('payload').$type<OAuthPayload>().notNull(),
    expiresAt: at('expires_at').notNull(),
    consumedAt: at('consumed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.idHash] }),
    index('oauth_records_grant_idx').on(t.grantId),
    index('oauth_records_uid_idx').on(t.uid),
    index('oauth_records_expiry_idx').on(t.expiresAt),
  ],
);
