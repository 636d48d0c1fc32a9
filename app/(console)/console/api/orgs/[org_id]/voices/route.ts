// POST /console/api/orgs/{org_id}/voices — the studio's clone upload with the speaker's consent (voices.write).
import { withMember } from '@/lib/accounts/access/with-member';
import { defineRoute, readFormData } from '@/lib/platform/http';
import { getVoiceDeps } from '@/lib/composition/root';
import {
  cloneWithConsent,
  MAX_FORM_OVERHEAD_BYTES,
  MAX_SAMPLE_BYTES,
  MAX_TOTAL_SAMPLE_BYTES,
} from '@/lib/speech/voices';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: withMember('voices.write', async ({ request, orgId, actor }) => {
    const deps = await getVoiceDeps();
    // The samples, plus one consent recording of at most one sample's size.
    const limit = MAX_TOTAL_SAMPLE_BYTES + MAX_SAMPLE_BYTES + MAX_FORM_OVERHEAD_BYTES;
    const clone = await cloneWithConsent(
      deps,
      orgId,
      await readFormData(request, limit),
      actor,
      new Date(),
    );
    return Response.json(
      { voice_id: clone.id, name: clone.name, kind: clone.kind, state: clone.state },
      { status: 201 },
    );
  }),
});
