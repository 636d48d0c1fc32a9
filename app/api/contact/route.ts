// POST /api/contact — accept a general contact enquiry and forward it to the CRM after the response.
import { after } from 'next/server';
import { getBotCheck } from '@/lib/botcheck';
import { forwardContact } from '@/lib/contact/forward-contact';
import { submitContact } from '@/lib/contact/submit-contact';
import { getCrm } from '@/lib/crm';
import { clientIp, defineRoute, readJson } from '@/lib/http';
import { getStore } from '@/lib/store';

export const dynamic = 'force-dynamic';

const BOT_CHECK_CODES = new Set(['BOTCHECK_MISSING', 'BOTCHECK_INVALID']);

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute(
  'marketing',
  {
    POST: async ({ request }) => {
      const body = await readJson(request, 'CONTACT_INTERNAL_ERROR');
      const crm = getCrm();
      const contact = await submitContact(
        { store: getStore(), crm, botCheck: getBotCheck() },
        { body, ip: clientIp(request.headers) },
      );
      after(() => forwardContact(crm, contact));
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
