// GET|POST /internal/cron/calls — admin only: advance due calls, webhook deliveries and auto top-ups (hosts without a long-lived process).
import { getCallDeps } from '@/lib/composition/get-call-deps';
import { runDueWorkFor } from '@/lib/calls/run-due-work';
import { defineRoute, requireAdmin } from '@/lib/platform/http';

export const dynamic = 'force-dynamic';

const BUDGET_MS = 10_000;

const handler = async ({ request }: { request: Request }) => {
  requireAdmin(request);
  const done = await runDueWorkFor(await getCallDeps(), BUDGET_MS);
  return Response.json({ ok: true, ...done }, { headers: { 'Cache-Control': 'no-store' } });
};

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  GET: handler,
  POST: handler,
});
