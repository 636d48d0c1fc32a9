// POST /console/api/orgs/{org_id}/voices/{voice_id}/promote — "Request promotion" of a draft (voices.write).
import { withMember } from '@/lib/accounts/access/with-member';
import { defineRoute, uuidParam } from '@/lib/platform/http';
import { promoteClone, renderClone } from '@/lib/speech/voices';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: withMember('voices.write', async ({ params, orgId, db, actor }) => {
    const row = await promoteClone(db, orgId, uuidParam(params, 'voice_id'), new Date(), actor);
    return Response.json(renderClone(row));
  }),
});
