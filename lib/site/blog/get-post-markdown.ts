import { getConfig } from '../../platform/config/config';
import { getCms, type Cms } from '../../adapters/cms';
import { BLOG_POST_BY_SLUG } from '../../adapters/cms/queries';
import { ApiError } from '../../platform/errors/api-error';
import { cachedBlogRead } from './blog-cache';
import { RawPost, renderPostMarkdown } from './render-post-markdown';

const MAX_SLUG_LENGTH = 1024;

async function fetchMarkdown(cms: Cms, slug: string): Promise<string | null> {
  const reply: unknown = await cms.query(BLOG_POST_BY_SLUG, { slug });
  if (reply === null) return null;
  const post = RawPost.safeParse(reply);
  if (!post.success) throw new Error(`unexpected post reply: ${post.error.message}`);
  const config = getConfig();
  // Image URLs need a project; the embedded dataset has none, so it gets a stand-in name.
  return renderPostMarkdown(post.data, {
    projectId: config.SANITY_PROJECT_ID ?? 'embedded',
    dataset: config.SANITY_DATASET ?? 'production',
  });
}

/** One published post (editorial or not) as markdown; cached for an hour. */
export async function getPostMarkdown(slug: string, cms: Cms = getCms()): Promise<string> {
  if (slug.length === 0 || slug.length > MAX_SLUG_LENGTH)
    throw new ApiError('BLOG_POST_NOT_FOUND', { field: 'slug' });
  const read = cachedBlogRead('markdown', cms, (s: string) => fetchMarkdown(cms, s));
  let markdown: string | null;
  try {
    markdown = await read(slug);
  } catch (cause) {
    throw new ApiError('BLOG_FETCH_FAILED', { cause });
  }
  if (markdown === null) throw new ApiError('BLOG_POST_NOT_FOUND', { field: 'slug' });
  return markdown;
}
