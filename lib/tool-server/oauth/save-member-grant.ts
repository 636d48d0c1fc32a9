import type Provider from 'oidc-provider';
import { recordAudit } from '../../accounts';
import type { Db } from '../../adapters/db';
import { memberAccountId } from './grant-account';

export interface MemberGrant {
  orgId: string;
  userId: string;
  ip: string | null;
  clientId: string;
  clientName: string;
  redirectHost: string;
  resource: string;
  /** Every scope the client asked for (openid and offline_access included). */
  requested: string[];
  /** The tool-server scopes the member granted, and those they refused. */
  granted: string[];
  rejected: string[];
}

/**
 * Saves the grant a member approved for one organization (its tokens act for that org) and
 * records it in the org's audit log. Returns the grant id the authorization server continues with.
 */
export async function saveMemberGrant(
  provider: Provider,
  db: Db,
  input: MemberGrant,
  now: Date,
): Promise<string> {
  const accountId = memberAccountId(input.orgId, input.userId);
  const grant = new provider.Grant({ accountId, clientId: input.clientId });
  const otherScopes = input.requested.filter(
    (scope) => scope === 'openid' || scope === 'offline_access',
  );
  grant.addOIDCScope([...otherScopes, ...input.granted].join(' '));
  grant.addResourceScope(input.resource, input.granted.join(' '));
  if (input.rejected.length > 0) {
    grant.rejectOIDCScope(input.rejected.join(' '));
    grant.rejectResourceScope(input.resource, input.rejected.join(' '));
  }
  const grantId = await grant.save();
  await recordAudit(
    db,
    {
      orgId: input.orgId,
      actor: { type: 'user', id: input.userId, ip: input.ip },
      action: 'oauth.grant',
      target: { type: 'oauth_client', id: input.clientId },
      after: {
        client_name: input.clientName,
        redirect_host: input.redirectHost,
        scopes: input.granted,
      },
    },
    now,
  );
  return grantId;
}
