// Built only by `npm run build:bench`: the live calls list's version polled with an ETag (304 when
// unchanged), the way the console kept pages live before Server-Sent Events (../route.ts);
// bench/console.ts measures the two against each other.
import { withMember } from '@/lib/accounts/access/with-member';
import { orgLiveVersion } from '@/lib/console/live-version';
import { defineRoute } from '@/lib/platform/http';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  GET: withMember('calls.read', async ({ request, db, orgId }) => {
    const { version, live } = await orgLiveVersion(db, orgId);
    const etag = `"${version}"`;
    const headers = { ETag: etag, 'Cache-Control': 'private, no-cache' };
    const held = request.headers.get('if-none-match');
    if (held && held.split(',').some((tag) => tag.trim() === etag)) {
      return new Response(null, { status: 304, headers });
    }
    return Response.json({ version, live }, { headers });
  }),
});
