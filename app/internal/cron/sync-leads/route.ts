// GET|POST /internal/cron/sync-leads — admin only: re-push stored leads that are not synced to the CRM yet.
import { defineRoute, requireAdmin, type HandlerContext } from '@/lib/platform/http';
import { getLeadDeps } from '@/lib/composition/root';
import { syncUnsyncedLeads } from '@/lib/site/leads/sync-unsynced-leads';

export const dynamic = 'force-dynamic';

// Vercel Cron calls with GET; operators may POST.
const run = async ({ request }: HandlerContext) => {
  requireAdmin(request);
  const summary = await syncUnsyncedLeads(getLeadDeps());
  return Response.json({ ok: true, ...summary }, { headers: { 'Cache-Control': 'no-store' } });
};

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('marketing', {
  GET: run,
  POST: run,
});
