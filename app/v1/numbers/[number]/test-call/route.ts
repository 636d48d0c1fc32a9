// POST /v1/numbers/{number}/test-call — on the sandbox line, a scripted caller rings the number.
import { numberFromPath, placeTestCall } from '@/lib/calls/numbers';
import { requireApiKey } from '@/lib/accounts/access/api-key-auth';
import { getCallDeps } from '@/lib/composition/root';
import { defineRoute, publicOrigin } from '@/lib/platform/http';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: async ({ request, params }) => {
    const { orgId } = await requireApiKey(request);
    const placed = await placeTestCall(await getCallDeps(), {
      orgId,
      number: numberFromPath(String(params.number ?? '')),
      apiOrigin: publicOrigin('voice'),
    });
    return Response.json(placed, { status: 201, headers: { 'Cache-Control': 'no-store' } });
  },
});
