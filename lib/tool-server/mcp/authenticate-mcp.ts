import {
  bearerAuthChallengeResponse,
  OAuthError,
  OAuthErrorCode,
  verifyBearerToken,
  type AuthInfo,
  type OAuthTokenVerifier,
} from '@modelcontextprotocol/server';
import type { Db } from '../../adapters/db';
import { ApiError } from '../../platform/errors/api-error';
import { verifyAccessToken } from '../oauth/verify-access-token';
import {
  API_KEY_PREFIX,
  type AuthenticatedOrg,
  authenticateOrg,
  keyMcpScopes,
  requireScope,
} from '../../accounts';
import { ALL_SCOPES, mcpResourceMetadataUrl, mcpResourceUrl } from './mcp-urls';
import { withImpliedScopes } from './with-implied-scopes';

/** An API key is checked on every request; the hour only satisfies the verifier's expiry rule. */
const API_KEY_GRANT_SECONDS = 3600;

export interface McpAuth extends AuthInfo {
  /** `key`: set when the credential is an API key (its id, scopes and maker, for the scope check). */
  extra: {
    orgId: string;
    key?: Pick<AuthenticatedOrg, 'keyId' | 'scopes' | 'makerRole' | 'spendCapMicros'>;
  };
}

/**
 * One verifier for both credentials: an org API key (the mcp:read / mcp:write it holds, bounded
 * by its maker's role, so each tool's own scope check applies to keys too) or an access token of
 * our authorization server. Each is given the tool server as its resource and an
 * expiry, so the SDK's audience and expiry checks apply to both alike.
 */
function verifier(db: Db, resource: URL, nowMs: number): OAuthTokenVerifier {
  return {
    async verifyAccessToken(token: string): Promise<AuthInfo> {
      if (token.startsWith(API_KEY_PREFIX)) {
        const org = await authenticateOrg(db, `Bearer ${token}`).catch((error: unknown) => {
          if (error instanceof ApiError)
            throw new OAuthError(OAuthErrorCode.InvalidToken, 'Unknown or revoked API key');
          throw error;
        });
        return {
          token,
          clientId: `api-key:${org.keyId}`,
          scopes: keyMcpScopes(org),
          expiresAt: Math.floor(nowMs / 1000) + API_KEY_GRANT_SECONDS,
          resource,
          extra: {
            orgId: org.orgId,
            key: {
              keyId: org.keyId,
              scopes: org.scopes,
              makerRole: org.makerRole,
              spendCapMicros: org.spendCapMicros,
            },
          },
        };
      }
      const grant = await verifyAccessToken(token, resource.href);
      if (!grant)
        throw new OAuthError(
          OAuthErrorCode.InvalidToken,
          'Unknown, expired or revoked access token',
        );
      return {
        token,
        clientId: grant.clientId,
        scopes: withImpliedScopes(grant.scopes),
        expiresAt: grant.expiresAt,
        resource: new URL(grant.resource),
        extra: { orgId: grant.orgId },
      };
    },
  };
}

/**
 * The tool server's gate: 401 UNAUTHENTICATED with the SDK's challenge (pointing clients at the
 * protected-resource metadata, naming both scopes) unless a valid credential is presented.
 */
export async function authenticateMcp(
  db: Db,
  authorization: string | null,
  apiOrigin: string,
  nowMs: number,
): Promise<McpAuth> {
  const resource = mcpResourceUrl(apiOrigin);
  const resourceMetadataUrl = mcpResourceMetadataUrl(apiOrigin);
  // The spec accepts a bare key too; the SDK's parser wants the Bearer scheme.
  const header =
    authorization && !/^bearer\s/i.test(authorization)
      ? `Bearer ${authorization.trim()}`
      : authorization;
  let auth: McpAuth;
  try {
    auth = (await verifyBearerToken(header, {
      verifier: verifier(db, resource, nowMs),
      expectedResource: resource,
      resourceMetadataUrl,
    })) as McpAuth;
  } catch (error) {
    if (!(error instanceof OAuthError)) throw error;
    const challenge = bearerAuthChallengeResponse(error, {
      requiredScopes: ALL_SCOPES,
      resourceMetadataUrl,
    });
    throw new ApiError('UNAUTHENTICATED', {
      message: error.message.endsWith('.') ? error.message : `${error.message}.`,
      hint: 'Send Authorization: Bearer <API key or access token for this tool server>.',
      headers: { 'WWW-Authenticate': challenge.headers.get('WWW-Authenticate') ?? 'Bearer' },
    });
  }
  // An API key opens the tool server with mcp:read (mcp:write includes it); each tool then checks
  // its own scope, so an mcp:read key is refused the write tools with the SDK's step-up answer.
  const key = auth.extra.key;
  if (key) requireScope(key, { scope: 'mcp:read' });
  return auth;
}
