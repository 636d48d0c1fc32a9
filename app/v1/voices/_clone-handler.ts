// The one handler behind both clone routes; only the kind of clone differs.
import { clientIp, readFormData, requireApiKey, type HandlerContext } from '@/lib/http';
import {
  cloneVoice,
  getVoiceDeps,
  MAX_FORM_OVERHEAD_BYTES,
  MAX_TOTAL_SAMPLE_BYTES,
  parseCloneForm,
} from '@/lib/voices';

export function cloneHandler(kind: 'instant' | 'professional') {
  return async ({ request }: HandlerContext): Promise<Response> => {
    const { orgId, keyId } = await requireApiKey(request);
    const form = await parseCloneForm(
      await readFormData(request, MAX_TOTAL_SAMPLE_BYTES + MAX_FORM_OVERHEAD_BYTES),
    );
    const clone = await cloneVoice(await getVoiceDeps(), orgId, kind, form, new Date(), {
      actor: { type: 'api_key', id: keyId, ip: clientIp(request.headers) },
    });
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
