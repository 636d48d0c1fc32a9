// The one handler behind both clone routes; only the kind of clone differs.
import { requireApiKey } from '@/lib/accounts/access/api-key-auth';
import { clientIp, readFormData, type HandlerContext } from '@/lib/platform/http';
import { getVoiceDeps } from '@/lib/composition/root';
import {
  cloneVoice,
  MAX_FORM_OVERHEAD_BYTES,
  MAX_SAMPLE_BYTES,
  MAX_TOTAL_SAMPLE_BYTES,
  parseCloneForm,
  parseConsentRecording,
} from '@/lib/speech/voices';

export function cloneHandler(kind: 'instant' | 'professional') {
  // A professional draft may carry the speaker's consent recording (one sample's size) as well.
  const limit =
    MAX_TOTAL_SAMPLE_BYTES +
    MAX_FORM_OVERHEAD_BYTES +
    (kind === 'professional' ? MAX_SAMPLE_BYTES : 0);
  return async ({ request }: HandlerContext): Promise<Response> => {
    const { orgId, keyId } = await requireApiKey(request);
    const body = await readFormData(request, limit);
    const form = await parseCloneForm(body);
    const recording = kind === 'professional' ? await parseConsentRecording(body, false) : null;
    const clone = await cloneVoice(
      await getVoiceDeps(),
      orgId,
      kind,
      form,
      new Date(),
      { actor: { type: 'api_key', id: keyId, ip: clientIp(request.headers) } },
      recording,
    );
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
  };
}
