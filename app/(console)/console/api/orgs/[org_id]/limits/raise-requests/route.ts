// POST /console/api/orgs/{org_id}/limits/raise-requests — ask operators to raise a limit (owner/admin: org.update).
import { requireMember } from '@/lib/access/require-member';
import { requireSessionUser } from '@/lib/auth/require-session-user';
import { getConfig } from '@/lib/config';
import { getDb } from '@/lib/db';
import { clientIp, defineRoute, parseBody, readJson, uuidParam } from '@/lib/http';
import { requestRaise } from '@/lib/limits/request-raise';
import { getMailer } from '@/lib/mail';
import { RaiseRequestBody } from '@/schemas/limits';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: async ({ request, params }) => {
    const user = await requireSessionUser(request);
    const db = await getDb();
    const orgId = uuidParam(params, 'org_id');
    await requireMember(db, user.id, orgId, 'org.update');
    const input = parseBody(RaiseRequestBody, await readJson(request, 'INVALID_BODY'));
    const created = await requestRaise(
      { db, mailer: getMailer(), supportEmail: getConfig().SUPPORT_EMAIL },
      { ...input, orgId, userId: user.id, email: user.email },
      { type: 'user', id: user.id, ip: clientIp(request.headers) },
      new Date(),
    );
    return Response.json(created, { status: 201 });
  },
});
