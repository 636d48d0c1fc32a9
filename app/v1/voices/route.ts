// GET /v1/voices — the voice catalogue and the organization's own clones (raw engine voices on request).
import { requireApiKey } from '@/lib/accounts/access/api-key-auth';
import { defineRoute, parseBody } from '@/lib/platform/http';
import { getVoiceDeps } from '@/lib/composition/root';
import { listVoices } from '@/lib/speech/voices';
import { VoiceListQuery } from '@/schemas/voices';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  GET: async ({ request }) => {
    const { orgId } = await requireApiKey(request);
    const query = parseBody(
      VoiceListQuery,
      Object.fromEntries(request.nextUrl.searchParams),
      'INVALID_QUERY',
    );
    const voices = await listVoices(await getVoiceDeps(), orgId, {
      includeEngine: query.include_engine,
    });
    return Response.json({ voices }, { headers: { 'Cache-Control': 'no-store' } });
  },
});
