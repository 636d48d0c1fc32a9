// GET /internal/voices — admin only: the consent-and-rights review queue (pending professional drafts, oldest first).
import { getDb } from '@/lib/composition/adapters';
import { defineRoute, requireAdmin } from '@/lib/platform/http';
import { listReviewQueue } from '@/lib/speech/voices/list-review-queue';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  GET: async ({ request }) => {
    requireAdmin(request);
    return Response.json({ reviews: await listReviewQueue(await getDb()) });
  },
});
