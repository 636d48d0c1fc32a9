// POST /v1/audio/shares — an unguessable public link to a generation; each play counts against this org.
import { requireApiKey } from '@/lib/accounts/access/api-key-auth';
import { defineRoute, parseBody, publicOrigin, readJson } from '@/lib/platform/http';
import { getSpeechDeps } from '@/lib/composition/root';
import { shareSpeech } from '@/lib/speech/share-speech';
import { ShareRequest } from '@/schemas/speech';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  POST: async ({ request }) => {
    const { orgId } = await requireApiKey(request);
    const input = parseBody(ShareRequest, await readJson(request, 'INVALID_BODY'));
    const share = await shareSpeech(await getSpeechDeps(), orgId, input, publicOrigin('voice'));
    return Response.json(share, { status: 201 });
  },
});
