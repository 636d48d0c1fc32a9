// GET /internal/leads?form=<slug> — admin only: stored submissions of one form with their CRM sync status.
import { ApiError, defineRoute, requireAdmin } from '@/lib/platform/http';
import { listLeads } from '@/lib/site/leads/list-leads';
import { getStore } from '@/lib/composition/adapters';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('marketing', {
  GET: async ({ request }) => {
    requireAdmin(request);
    const form = request.nextUrl.searchParams.get('form');
    if (!form) {
      throw new ApiError('INVALID_BODY', {
        message: 'The form query parameter is required.',
        hint: 'Call /internal/leads?form=<formSlug>.',
        field: 'form',
      });
    }
    const leads = await listLeads(getStore(), form);
    return Response.json({ form, leads }, { headers: { 'Cache-Control': 'no-store' } });
  },
});
