import { z } from 'zod';
import { BlogListResponse } from '@/schemas/blog';
import { getCms, type Cms } from '../../adapters/cms';
import { BLOG_LIST } from '../../adapters/cms/queries';
import { ApiError } from '../../platform/errors/api-error';
import { cachedBlogRead } from './blog-cache';
import { readyBlogBytes } from './ready-blog-bytes';
import { normalizePostSummary, RawPostSummary } from './normalize-post-summary';

const ListReply = z.object({ total: z.int().min(0), posts: z.array(RawPostSummary) });

async function fetchPage(
  cms: Cms,
  page: number,
  limit: number,
): Promise<z.infer<typeof BlogListResponse>> {
  const start = (page - 1) * limit;
  const reply = ListReply.safeParse(await cms.query(BLOG_LIST, { start, end: start + limit }));
  if (!reply.success) throw new Error(`unexpected blog list reply: ${reply.error.message}`);
  return {
    posts: reply.data.posts.map(normalizePostSummary),
    total: reply.data.total,
    page,
    limit,
    hasMore: page * limit < reply.data.total,
  };
}

/** One page of published editorial posts, newest first; cached for an hour. */
export async function listBlogPosts(page: number, limit: number, cms: Cms = getCms()) {
  const read = cachedBlogRead('list', cms, (p: number, l: number) => fetchPage(cms, p, l));
  try {
    return await read(page, limit);
  } catch (cause) {
    throw new ApiError('BLOG_FETCH_FAILED', { cause });
  }
}

/** The same page as the JSON bytes of the answer, ready to send. */
export async function listBlogPostsBytes(page: number, limit: number, cms: Cms = getCms()) {
  return readyBlogBytes(`list:${cms.kind}:${cms.source}:${page}:${limit}`, () =>
    listBlogPosts(page, limit, cms),
  );
}
