// GET /internal/orgs/{org_id} — admin only: wallet, deposits, effective limits, speech slots in use, webhook signing secret, keys.
import { getDb } from '@/lib/composition/adapters';
import { defineRoute, requireAdmin, uuidParam } from '@/lib/platform/http';
import { describeOrg } from '@/lib/wallet/describe-org';
import { systemClock } from '@/lib/platform/runtime/clock';
import { countSpeechSlots } from '@/lib/speech/slots';
import { getStore } from '@/lib/composition/adapters';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  GET: async ({ request, params }) => {
    requireAdmin(request);
    const orgId = uuidParam(params, 'org_id');
    const detail = await describeOrg(await getDb(), orgId);
    const inFlight = await countSpeechSlots({ store: getStore(), clock: systemClock }, orgId);
    return Response.json(
      { ...detail, speech_concurrency: { current: inFlight, limit: detail.limits.concurrency } },
      { headers: { 'Cache-Control': 'no-store' } },
    );
  },
});
