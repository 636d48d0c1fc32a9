// POST /v1/voices/professional — professional clone from WAV samples: a draft (unlimited) until reviewed and promoted.
import { defineRoute, readFormData, requireApiKey } from '@/lib/http';
import {
  cloneVoice,
  getVoiceDeps,
  MAX_FORM_OVERHEAD_BYTES,
  MAX_TOTAL_SAMPLE_BYTES,
  parseCloneForm,
} from '@/lib/voices';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute('voice', {
  POST: async ({ request }) => {
    const { orgId } = await requireApiKey(request);
    const form = await parseCloneForm(
      await readFormData(request, MAX_TOTAL_SAMPLE_BYTES + MAX_FORM_OVERHEAD_BYTES),
    );
    const clone = await cloneVoice(await getVoiceDeps(), orgId, 'professional', form, new Date());
    return Response.json(
      {
        voice_id: clone.id,
        name: clone.name,
        kind: clone.kind,
        state: clone.state,
        generation: clone.generation,
      },
      { status: 201 },
    );
  },
});
