// GET /api/blog — one page of published editorial posts, newest first, no bodies.
import { defineRoute } from '@/lib/platform/http';
import { listBlogPostsBytes } from '@/lib/site/blog/list-blog-posts';
import { parseListParams } from '@/lib/site/blog/parse-list-params';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute(
  'marketing',
  {
    GET: async ({ request }) => {
      const { page, limit } = parseListParams(request.nextUrl.searchParams);
      return new Response(await listBlogPostsBytes(page, limit), {
        headers: { 'Content-Type': 'application/json' },
      });
    },
  },
  {
    // Older clients read the list keys even on failure.
    legacy: (_error, request) => ({
      posts: [],
      total: 0,
      ...parseListParams(request.nextUrl.searchParams),
      hasMore: false,
    }),
  },
);
