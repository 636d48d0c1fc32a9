// POST /console/api/orgs/{org_id}/voices/{voice_id}/promote — "Request promotion" of a draft (voices.write).
import { requireMember } from '@/lib/access/require-member';
import { requireSessionUser } from '@/lib/auth/require-session-user';
import { clientIp, defineRoute, uuidParam } from '@/lib/http';
import { getVoiceDeps, promoteClone, renderClone } from '@/lib/voices';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: async ({ request, params }) => {
    const user = await requireSessionUser(request);
    const { db } = await getVoiceDeps();
    const orgId = uuidParam(params, 'org_id');
    await requireMember(db, user.id, orgId, 'voices.write');
    const row = await promoteClone(db, orgId, uuidParam(params, 'voice_id'), new Date(), {
      type: 'user',
      id: user.id,
      ip: clientIp(request.headers),
    });
    return Response.json(renderClone(row));
  },
});
