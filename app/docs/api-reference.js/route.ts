// GET /docs/api-reference.js — the pinned Scalar bundle the reference pages load from our origin.
import { apiReferenceScript } from '@/lib/site/docs/api-reference-script';
import { defineRoute } from '@/lib/platform/http';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('marketing', {
  GET: async ({ request }) => {
    const { body, version } = await apiReferenceScript();
    const etag = `"scalar-${version}"`;
    const headers = {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'public, max-age=86400',
      ETag: etag,
    };
    if (request.headers.get('if-none-match') === etag)
      return new Response(null, { status: 304, headers });
    return new Response(new Uint8Array(body), { headers });
  },
});
