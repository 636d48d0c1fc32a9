import { requiredAccess } from './permissions';
import { getDb } from '../../adapters/db';
import { authenticateOrg, requireScope, type AuthenticatedOrg } from '../orgs/authenticate-org';
import { ApiError } from '../../platform/errors/api-error';
import { clientIp } from '../../platform/http/client-ip';

/**
 * The organization a voice API request acts for: 401 UNAUTHENTICATED without a live key, 403
 * INSUFFICIENT_SCOPE when the key (or its maker's role) lacks the scope the permission table gives
 * this route, 403 FORBIDDEN when the route is owner-only and the key's maker is not an owner.
 */
export async function requireApiKey(request: Request): Promise<AuthenticatedOrg> {
  const org = await authenticateOrg(
    await getDb(),
    request.headers.get('authorization'),
    clientIp(request.headers),
  );
  const access = requiredAccess(request.method, new URL(request.url).pathname);
  // A route that takes keys but is missing from the table is a bug: refuse rather than allow.
  if (!access) throw new ApiError('INTERNAL_ERROR', { cause: `no scope for ${request.url}` });
  requireScope(org, access);
  return org;
}
