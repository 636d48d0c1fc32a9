// DELETE /console/api/orgs/{org_id}/voices/{voice_id} — the studio's delete (voices.write; the API's delete).
import { withMember } from '@/lib/accounts/access/with-member';
import { defineRoute, uuidParam } from '@/lib/platform/http';
import { deleteClone } from '@/lib/speech/voices';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  DELETE: withMember('voices.write', async ({ params, orgId, db, actor }) => {
    const voiceId = uuidParam(params, 'voice_id');
    await deleteClone(db, orgId, voiceId, {
      actor,
      now: new Date(),
    });
    return Response.json({ voice_id: voiceId, deleted: true });
  }),
});
