// POST /api/revalidate — signed Sanity publish webhook: expires the cached blog content.
import { SIGNATURE_HEADER_NAME } from '@sanity/webhook';
import { getConfig } from '@/lib/platform/config/config';
import { defineRoute } from '@/lib/platform/http';
import { revalidateContent } from '@/lib/site/blog/revalidate-content';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('marketing', {
  POST: async ({ request }) => {
    const body = await request.text();
    const result = await revalidateContent(
      body,
      request.headers.get(SIGNATURE_HEADER_NAME),
      getConfig().SANITY_REVALIDATE_SECRET,
    );
    return Response.json(result, { headers: { 'Cache-Control': 'no-store' } });
  },
});
