// PATCH|DELETE /v1/numbers/{number} — assign the answering agent or a label; release the number.
import { numberFromPath, releaseNumber, updateNumber } from '@/lib/calls/numbers';
import { requireApiKey } from '@/lib/accounts/access/api-key-auth';
import { getNumberDeps } from '@/lib/composition/root';
import { clientIp, defineRoute, readJson } from '@/lib/platform/http';
import { systemClock } from '@/lib/platform/runtime/clock';

export const dynamic = 'force-dynamic';

const noStore = { 'Cache-Control': 'no-store' };

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  PATCH: async ({ request, params }) => {
    const { orgId, keyId } = await requireApiKey(request);
    const { db } = await getNumberDeps();
    const number = await updateNumber(
      db,
      {
        orgId,
        number: numberFromPath(String(params.number ?? '')),
        body: await readJson(request),
        actor: { type: 'api_key', id: keyId, ip: clientIp(request.headers) },
      },
      new Date(systemClock.now()),
    );
    return Response.json(number, { headers: noStore });
  },
  DELETE: async ({ request, params }) => {
    const { orgId, keyId } = await requireApiKey(request);
    const released = await releaseNumber(
      await getNumberDeps(),
      {
        orgId,
        number: numberFromPath(String(params.number ?? '')),
        actor: { type: 'api_key', id: keyId, ip: clientIp(request.headers) },
      },
      new Date(systemClock.now()),
    );
    return Response.json(released, { headers: noStore });
  },
});
