// GET|POST /internal/cron/calls — admin only: advance due calls, and run the job queue's sweeps (webhook deliveries, auto top-ups, speech refunds) in the request (hosts without a long-lived process).
import { getCallDeps } from '@/lib/composition/root';
import { runDueWorkFor } from '@/lib/calls/run-due-work';
import { defineRoute, requireAdmin } from '@/lib/platform/http';
import {
  autoTopUpsJob,
  backgroundJobs,
  deliverWebhooksJob,
  refundSpeechJob,
  registerJobs,
  runRegisteredJobsNow,
} from '@/lib/composition/jobs';

export const dynamic = 'force-dynamic';

const BUDGET_MS = 10_000;

const handler = async ({ request }: { request: Request }) => {
  requireAdmin(request);
  const started = performance.now();
  const { steps } = await runDueWorkFor(await getCallDeps(), BUDGET_MS);
  registerJobs(...backgroundJobs);
  const ran = await runRegisteredJobsNow(Math.max(0, BUDGET_MS - (performance.now() - started)));
  return Response.json(
    {
      ok: true,
      steps,
      deliveries: ran[deliverWebhooksJob.name] ?? 0,
      refunds: ran[refundSpeechJob.name] ?? 0,
      billing: ran[autoTopUpsJob.name] ?? 0,
    },
    { headers: { 'Cache-Control': 'no-store' } },
  );
};

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  GET: handler,
  POST: handler,
});
