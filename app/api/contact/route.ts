// POST /api/contact — store a general contact enquiry, push it to the CRM after the response.
import { after } from 'next/server';
import { submitContact } from '@/lib/site/contact/submit-contact';
import { clientIp, defineRoute, readJson } from '@/lib/platform/http';
import { getLeadDeps } from '@/lib/composition/root';
import { AFTER_RESPONSE_SYNC, syncLead } from '@/lib/site/leads/sync-lead';

export const dynamic = 'force-dynamic';

const BOT_CHECK_CODES = new Set(['BOTCHECK_MISSING', 'BOTCHECK_INVALID']);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute(
  'marketing',
  {
    POST: async ({ request }) => {
      const body = await readJson(request);
      const deps = getLeadDeps();
      const { contact, storedId } = await submitContact(deps, {
        body,
        ip: clientIp(request.headers),
      });
      // A failed push is logged and left to the cron; the caller's answer does not change.
      after(async () => {
        await syncLead(deps, storedId, AFTER_RESPONSE_SYNC).catch((error: unknown) =>
          console.error(`contact ${contact.email}: crm push failed:`, error),
        );
      });
      return Response.json({ success: true }, { headers: { 'Cache-Control': 'no-store' } });
    },
  },
  {
    // Older browser clients read these top-level keys.
    legacy: (error) => ({
      success: false,
      message: error.message,
      ...(BOT_CHECK_CODES.has(error.code) ? { code: error.code } : {}),
    }),
  },
);
