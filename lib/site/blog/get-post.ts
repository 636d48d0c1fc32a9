import { z } from 'zod';
import { getCms, type Cms } from '../../adapters/cms';
import { BLOG_POST_PAGE } from '../../adapters/cms/queries';
import { ApiError } from '../../platform/errors/api-error';
import { cachedBlogRead } from './blog-cache';
import { normalizePostSummary, RawPostSummary } from './normalize-post-summary';

const RawPostPage = RawPostSummary.extend({
  body: z.array(z.object({ _type: z.string(), _key: z.string().optional() }).loose()).nullish(),
});

export type BlogPost = ReturnType<typeof normalizePostSummary> & {
  body: z.infer<typeof RawPostPage>['body'];
};

async function fetchPost(cms: Cms, slug: string): Promise<BlogPost | null> {
  const reply: unknown = await cms.query(BLOG_POST_PAGE, { slug });
  if (reply === null) return null;
  const post = RawPostPage.safeParse(reply);
  if (!post.success) throw new Error(`unexpected post reply: ${post.error.message}`);
  return { ...normalizePostSummary(post.data), body: post.data.body ?? [] };
}

/** One published post (editorial or not) with its body, for its page; null when none. Cached for an hour. */
export async function getPost(slug: string, cms: Cms = getCms()): Promise<BlogPost | null> {
  if (slug.length === 0 || slug.length > 1024) return null;
  const read = cachedBlogRead('post', cms, (s: string) => fetchPost(cms, s));
  try {
    return await read(slug);
  } catch (cause) {
    throw new ApiError('BLOG_FETCH_FAILED', { cause });
  }
}
