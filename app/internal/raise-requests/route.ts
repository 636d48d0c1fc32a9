// GET /internal/raise-requests — admin only: the pending limit raise requests, newest first.
import { getDb } from '@/lib/composition/adapters';
import { defineRoute, requireAdmin } from '@/lib/platform/http';
import { listRaiseRequests } from '@/lib/wallet/limits/list-raise-requests';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  GET: async ({ request }) => {
    requireAdmin(request);
    return Response.json({
      raise_requests: await listRaiseRequests(await getDb(), { pending: true }),
    });
  },
});
