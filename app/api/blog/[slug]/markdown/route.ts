// GET /api/blog/{slug}/markdown — one published post as a markdown document.
import { defineRoute } from '@/lib/platform/http';
import { getPostMarkdown } from '@/lib/site/blog/get-post-markdown';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('marketing', {
  GET: async ({ params }) => {
    const markdown = await getPostMarkdown(typeof params.slug === 'string' ? params.slug : '');
    return new Response(markdown, {
      headers: {
        'Content-Type': 'text/markdown; charset=utf-8',
        'Cache-Control': 'public, s-maxage=3600, stale-while-revalidate=86400',
      },
    });
  },
});
