import { connection } from 'next/server';
import { publicOrigin } from '../platform/http/public-origin';

/**
 * The site's public origin for a page (PUBLIC_SITE_URL, else where this process listens), read at
 * request time: a build does not know the deployment's origin, so a page that calls this is dynamic.
 */
export async function siteOrigin(): Promise<string> {
  await connection();
  return publicOrigin('marketing');
}
