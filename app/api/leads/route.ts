// POST /api/leads — validate a lead against its CMS form, store it, push it to the CRM after the response.
import { after } from 'next/server';
import { clientIp, defineRoute, readJson } from '@/lib/platform/http';
import { getLeadDeps } from '@/lib/composition/root';
import { submitLead } from '@/lib/site/leads/submit-lead';
import { AFTER_RESPONSE_SYNC, syncLead } from '@/lib/site/leads/sync-lead';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('marketing', {
  POST: async ({ request }) => {
    const body = await readJson(request);
    const deps = getLeadDeps();
    const outcome = await submitLead(deps, {
      body,
      ip: clientIp(request.headers),
      referer: request.headers.get('referer'),
      crmutkCookie: request.cookies.get('crmutk')?.value ?? null,
    });
    const storedId = outcome.storedId;
    if (storedId) {
      after(async () => {
        await syncLead(deps, storedId, AFTER_RESPONSE_SYNC).catch((error: unknown) =>
          console.error(`lead ${storedId}: sync failed:`, error),
        );
      });
    }
    return Response.json(outcome.body, {
      headers: { ...outcome.headers, 'Cache-Control': 'no-store' },
    });
  },
});
