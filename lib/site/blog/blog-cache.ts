import { unstable_cache } from 'next/cache';
import type { Cms } from '../../adapters/cms';

export const BLOG_CACHE_TAG = 'blog';
const ONE_HOUR = 3600;

/**
 * Caches a CMS read for an hour under the blog tag; a signed publish webhook revalidates it.
 * The key names the CMS source so two servers on different datasets never share entries.
 */
export function cachedBlogRead<A extends unknown[], R>(
  name: string,
  cms: Cms,
  read: (...args: A) => Promise<R>,
): (...args: A) => Promise<R> {
  return unstable_cache(read, ['blog', name, cms.kind, cms.source], {
    revalidate: ONE_HOUR,
    tags: [BLOG_CACHE_TAG],
  });
}
