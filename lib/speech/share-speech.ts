import type { ShareRequest } from '@/schemas/speech';
import type { z } from '@/schemas/zod';
import { resolveVoice } from './voices';
import { createShare } from './create-share';
import { audioFormat } from './formats';
import type { SpeechDeps } from './types';

/**
 * A shared link to a generation of `text`: the voice is checked now (404/409 as everywhere), the
 * audio is generated, billed and counted against the owner's concurrency on each play.
 */
export async function shareSpeech(
  deps: SpeechDeps,
  orgId: string,
  input: z.output<typeof ShareRequest>,
  origin: string,
): Promise<{ share_id: string; url: string }> {
  await resolveVoice(deps, orgId, input.voice);
  const shareId = await createShare(
    deps.db,
    { orgId, text: input.text, voice: input.voice, format: audioFormat(input.audio) },
    new Date(deps.clock.now()),
  );
  return { share_id: shareId, url: `${origin}/v1/audio/shares/${shareId}` };
}
