// POST /v1/audio/shares — an unguessable public link to a generation; each play counts against this org.
import { defineRoute, parseBody, publicOrigin, readJson, requireApiKey } from '@/lib/http';
import { resolveVoice } from '@/lib/voices';
import { createShare } from '@/lib/tts/create-share';
import { audioFormat } from '@/lib/tts/formats';
import { getSpeechDeps } from '@/lib/tts/get-speech-deps';
import { ShareRequest } from '@/schemas/speech';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: async ({ request }) => {
    const { orgId } = await requireApiKey(request);
    const input = parseBody(ShareRequest, await readJson(request, 'INVALID_BODY'));
    const deps = await getSpeechDeps();
    await resolveVoice(deps, orgId, input.voice);
    const shareId = await createShare(
      deps.db,
      { orgId, text: input.text, voice: input.voice, format: audioFormat(input.audio) },
      new Date(),
    );
    return Response.json(
      { share_id: shareId, url: `${publicOrigin('voice', request)}/v1/audio/shares/${shareId}` },
      { status: 201 },
    );
  },
});
