// POST /console/api/orgs/{org_id}/voices — the studio's clone upload with the speaker's consent (voices.write).
import { requireMember } from '@/lib/access/require-member';
import { requireSessionUser } from '@/lib/auth/require-session-user';
import { clientIp, defineRoute, readFormData, uuidParam } from '@/lib/http';
import {
  cloneWithConsent,
  getVoiceDeps,
  MAX_FORM_OVERHEAD_BYTES,
  MAX_SAMPLE_BYTES,
  MAX_TOTAL_SAMPLE_BYTES,
} from '@/lib/voices';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: async ({ request, params }) => {
    const user = await requireSessionUser(request);
    const deps = await getVoiceDeps();
    const orgId = uuidParam(params, 'org_id');
    await requireMember(deps.db, user.id, orgId, 'voices.write');
    // The samples, plus one consent recording of at most one sample's size.
    const limit = MAX_TOTAL_SAMPLE_BYTES + MAX_SAMPLE_BYTES + MAX_FORM_OVERHEAD_BYTES;
    const clone = await cloneWithConsent(
      deps,
      orgId,
      await readFormData(request, limit),
      { type: 'user', id: user.id, ip: clientIp(request.headers) },
      new Date(),
    );
    return Response.json(
      { voice_id: clone.id, name: clone.name, kind: clone.kind, state: clone.state },
      { status: 201 },
    );
  },
});
