// POST /internal/voices/{voice_id}/review — admin only: record a clone's consent-and-rights review.
import { getDb } from '@/lib/composition/adapters';
import { defineRoute, parseBody, readJson, requireAdmin, uuidParam } from '@/lib/platform/http';
import { renderClone, reviewClone } from '@/lib/speech/voices';
import { CloneReviewRequest } from '@/schemas/voices';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: async ({ request, params }) => {
    requireAdmin(request);
    const voiceId = uuidParam(params, 'voice_id');
    const input = parseBody(CloneReviewRequest, await readJson(request, 'INVALID_BODY'));
    const row = await reviewClone(await getDb(), voiceId, input, new Date());
    return Response.json({ org_id: row.orgId, voice: renderClone(row) });
  },
});
