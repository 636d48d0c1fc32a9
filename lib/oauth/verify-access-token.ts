// Placeholder until the authorization server lands: no OAuth access token is known yet.
export interface McpTokenGrant {
  orgId: string;
  clientId: string;
  scopes: string[];
  resource: string;
  /** Unix seconds. */
  expiresAt: number;
}

/** null when the token is unknown, expired, revoked, of another audience, or its approving key was revoked. */
export async function verifyAccessToken(
  token: string,
  expectedResource: string,
): Promise<McpTokenGrant | null> {
  void token;
  void expectedResource;
  return null;
}
