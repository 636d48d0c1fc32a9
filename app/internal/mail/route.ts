// GET /internal/mail — admin only: the embedded mailer's outbox (sign-in links, invitations), newest first.
import { defineRoute, requireAdmin } from '@/lib/platform/http';
import { getMailer } from '@/lib/composition/adapters';
import { listOutboxMail } from '@/lib/composition/adapters';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  GET: async ({ request }) => {
    requireAdmin(request);
    return Response.json(await listOutboxMail(getMailer()), {
      headers: { 'Cache-Control': 'no-store' },
    });
  },
});
