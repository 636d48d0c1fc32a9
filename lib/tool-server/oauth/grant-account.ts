// The authorization server's "account" of a grant: since members consent, the member of one
// organization (`member:{org_id}:{user_id}`); grants approved with an API key before that name
// the key id, and keep working until the key is revoked or the tokens expire.

const MEMBER = /^member:([0-9a-f-]{36}):(.+)$/;

export type GrantAccount =
  { kind: 'member'; orgId: string; userId: string } | { kind: 'api_key'; keyId: string };

export function memberAccountId(orgId: string, userId: string): string {
  return `member:${orgId}:${userId}`;
}

export function parseGrantAccount(accountId: string): GrantAccount {
  const member = MEMBER.exec(accountId);
  return member
    ? { kind: 'member', orgId: member[1]!, userId: member[2]! }
    : { kind: 'api_key', keyId: accountId };
}
