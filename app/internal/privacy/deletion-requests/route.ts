// POST /internal/privacy/deletion-requests — admin only: erase stored submissions of an email and refuse new ones (keyed email hash).
import { z } from 'zod';
import { getConfig } from '@/lib/platform/config/config';
import { ApiError, defineRoute, readJson, requireAdmin } from '@/lib/platform/http';
import { recordDeletionRequest } from '@/lib/site/leads/record-deletion-request';
import { getStore } from '@/lib/composition/adapters';

export const dynamic = 'force-dynamic';

const DeletionRequest = z.object({ email: z.email() });

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('marketing', {
  POST: async ({ request }) => {
    requireAdmin(request);
    const parsed = DeletionRequest.safeParse(await readJson(request, 'INVALID_BODY'));
    if (!parsed.success) {
      throw new ApiError('INVALID_BODY', {
        message: 'Send { "email": "<address>" }.',
        field: 'email',
      });
    }
    const { erased } = await recordDeletionRequest(
      getStore(),
      getConfig().PRIVACY_HASH_KEY,
      parsed.data.email,
      Date.now(),
    );
    return Response.json({ ok: true, erased }, { headers: { 'Cache-Control': 'no-store' } });
  },
});
