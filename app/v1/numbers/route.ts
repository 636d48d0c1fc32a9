// GET /v1/numbers — the org's phone numbers and the monthly fee; POST /v1/numbers — rent a new one.
import { buyNumber, listNumbers } from '@/lib/calls/numbers';
import { requireApiKey } from '@/lib/accounts/access/api-key-auth';
import { getNumberDeps } from '@/lib/composition/root';
import { clientIp, defineRoute, readJson } from '@/lib/platform/http';
import { systemClock } from '@/lib/platform/runtime/clock';

export const dynamic = 'force-dynamic';

const noStore = { 'Cache-Control': 'no-store' };

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: async ({ request }) => {
    const { orgId, keyId } = await requireApiKey(request);
    const number = await buyNumber(
      await getNumberDeps(),
      {
        orgId,
        body: await readJson(request),
        actor: { type: 'api_key', id: keyId, ip: clientIp(request.headers) },
      },
      new Date(systemClock.now()),
    );
    return Response.json(number, { status: 201, headers: noStore });
  },
  GET: async ({ request }) => {
    const { orgId } = await requireApiKey(request);
    const { db, monthlyFeeMicros } = await getNumberDeps();
    return Response.json(await listNumbers(db, orgId, monthlyFeeMicros), { headers: noStore });
  },
});
