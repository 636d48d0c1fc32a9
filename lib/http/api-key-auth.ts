import { getDb } from '../db';
import { authenticateOrg, type AuthenticatedOrg } from '../orgs/authenticate-org';

/** The organization a voice API request acts for; 401 UNAUTHENTICATED otherwise. */
export async function requireApiKey(request: Request): Promise<AuthenticatedOrg> {
  return authenticateOrg(await getDb(), request.headers.get('authorization'));
}
