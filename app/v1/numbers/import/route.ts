// POST /v1/numbers/import — a number already in the carrier account becomes the org's.
import { importNumber } from '@/lib/calls/numbers';
import { requireApiKey } from '@/lib/accounts/access/api-key-auth';
import { getNumberDeps } from '@/lib/composition/root';
import { clientIp, defineRoute, readJson } from '@/lib/platform/http';
import { systemClock } from '@/lib/platform/runtime/clock';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: async ({ request }) => {
    const { orgId, keyId } = await requireApiKey(request);
    const number = await importNumber(
      await getNumberDeps(),
      {
        orgId,
        body: await readJson(request),
        actor: { type: 'api_key', id: keyId, ip: clientIp(request.headers) },
      },
      new Date(systemClock.now()),
    );
    return Response.json(number, { status: 201, headers: { 'Cache-Control': 'no-store' } });
  },
});
