// DELETE /console/api/orgs/{org_id}/voices/{voice_id} — the studio's delete (voices.write; the API's delete).
import { requireMember } from '@/lib/access/require-member';
import { requireSessionUser } from '@/lib/auth/require-session-user';
import { clientIp, defineRoute, uuidParam } from '@/lib/http';
import { deleteClone, getVoiceDeps } from '@/lib/voices';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  DELETE: async ({ request, params }) => {
    const user = await requireSessionUser(request);
    const { db } = await getVoiceDeps();
    const orgId = uuidParam(params, 'org_id');
    await requireMember(db, user.id, orgId, 'voices.write');
    const voiceId = uuidParam(params, 'voice_id');
    await deleteClone(db, orgId, voiceId, {
      actor: { type: 'user', id: user.id, ip: clientIp(request.headers) },
      now: new Date(),
    });
    return Response.json({ voice_id: voiceId, deleted: true });
  },
});
