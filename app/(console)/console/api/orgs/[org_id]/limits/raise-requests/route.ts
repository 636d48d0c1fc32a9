// POST /console/api/orgs/{org_id}/limits/raise-requests — ask operators to raise a limit (owner/admin: org.update).
import { withMember } from '@/lib/accounts/access/with-member';
import { getConfig } from '@/lib/platform/config/config';
import { defineRoute, parseBody, readJson } from '@/lib/platform/http';
import { requestRaise } from '@/lib/wallet/limits/request-raise';
import { getMailer } from '@/lib/composition/adapters';
import { RaiseRequestBody } from '@/schemas/limits';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: withMember('org.update', async ({ request, user, orgId, db, actor }) => {
    const input = parseBody(RaiseRequestBody, await readJson(request, 'INVALID_BODY'));
    const created = await requestRaise(
      { db, mailer: getMailer(), supportEmail: getConfig().SUPPORT_EMAIL },
      { ...input, orgId, userId: user.id, email: user.email },
      actor,
      new Date(),
    );
    return Response.json(created, { status: 201 });
  }),
});
