import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import {
  CloneResponse,
  CloneUpload,
  PreviewRequest,
  ProfessionalCloneUpload,
  VoiceDeleteResponse,
  VoiceListQuery,
  VoiceListResponse,
  VoiceObject,
} from '../../voices';
import { z } from '../../zod';
import { authErrors, bearer, error, json, tooLarge } from './voice-common';

const voiceIdParam = z.object({
  voice_id: z
    .string()
    // A path segment, never a dot segment ("." or ".."), which URLs resolve away.
    .regex(/^[A-Za-z0-9][A-Za-z0-9._+-]*$/)
    .describe('A catalogue id ("ava"), an engine voice id ("en-us+f3") or a clone UUID.'),
});

export const CLONE_DESCRIPTION =
  'What a clone really is: the speech engine here is eSpeak-NG, a formant synthesizer, which cannot ' +
  'imitate a timbre. A clone is an engine voice fitted to **measured properties of your samples**: the ' +
  'median fundamental pitch (YIN estimator, `pitchfinder`) picks the base voice (`en-us` below 160 Hz, ' +
  'its female variant `en-us+f3` above) and the eSpeak pitch setting that reproduces that pitch; the ' +
  'syllable rate (loudness-envelope peaks per second of speech) sets the speed. Results are under ' +
  '`clone.measured`; the uploaded samples are analysed and discarded, never stored. Samples: multipart ' +
  '`audio_samples`, 1–10 WAV files (PCM or float), each 1–60 s and ≤ 10 MB, ≤ 25 MB together (a body ' +
  'over 26 MB is refused before it is read, 413). Every bad upload is 400 `INVALID_BODY` whose ' +
  '`error.field` names `name`, `description`, `audio_samples` or `Content-Type` (not multipart).';

const upload = {
  body: {
    required: true,
    content: { 'multipart/form-data': { schema: CloneUpload } },
  },
};

const uploadErrors = {
  400: error(
    'INVALID_BODY: not multipart, a missing or too long name, no samples, a file that is not WAV, shorter than 1 s, longer than 60 s or over 10 MB; `error.field` names it.',
  ),
  413: error('PAYLOAD_TOO_LARGE: the body is over 26 MB.'),
};

export function registerVoiceCatalogPaths(registry: OpenAPIRegistry): void {
  registry.registerPath({
    method: 'get',
    path: '/v1/voices',
    operationId: 'listVoices',
    tags: ['Voices'],
    summary: 'The voice catalogue and your clones',
    description:
      'Twelve named personas (stable ids such as `ava`, `james`, `olivia`), each an engine voice with ' +
      'its own pitch and pace; then your clones with their `state`; with `include_engine=true`, the ' +
      'raw engine voices too (ids like `en-us`, `en-gb+f3`). Every id listed here is accepted as the ' +
      'voice of calls and speech surfaces, except draft clones (409 `VOICE_NOT_LIVE`).',
    security: bearer,
    request: { query: VoiceListQuery },
    responses: {
      200: json(VoiceListResponse, 'The voices.'),
      400: error('INVALID_QUERY: include_engine is not true or false.'),
      ...authErrors,
    },
  });

  registry.registerPath({
    method: 'get',
    path: '/v1/voices/{voice_id}',
    operationId: 'getVoice',
    tags: ['Voices'],
    summary: 'One voice',
    security: bearer,
    request: { params: voiceIdParam },
    responses: {
      200: json(VoiceObject, 'The voice.'),
      404: error("VOICE_NOT_FOUND: no such voice (another organization's clone included)."),
      ...authErrors,
    },
  });

  registry.registerPath({
    method: 'delete',
    path: '/v1/voices/{voice_id}',
    operationId: 'deleteVoice',
    tags: ['Voices'],
    summary: 'Delete one of your clones',
    description:
      'Deleting an instant clone frees its slot at once. Catalogue voices cannot be deleted.',
    security: bearer,
    request: { params: voiceIdParam },
    responses: {
      200: json(VoiceDeleteResponse, 'Deleted.'),
      404: error('VOICE_NOT_FOUND: no clone of your organization has this id.'),
      ...authErrors,
    },
  });

  registry.registerPath({
    method: 'post',
    path: '/v1/voices/clone',
    operationId: 'createInstantClone',
    tags: ['Voices'],
    summary: 'Instant clone: live at once',
    description:
      `${CLONE_DESCRIPTION}\n\nEvery instant clone made now is current-generation (\`V3\`), and only V3 ` +
      'instant clones count against the instant-clone limit (1 before the 5 USD unlock, 10 after, or ' +
      'an admin override). The limit applies when creating: clones made under a higher limit stay ' +
      'usable when it is lowered. Deleting a clone frees its slot.',
    security: bearer,
    request: upload,
    responses: {
      201: json(CloneResponse, 'The clone, live.'),
      ...uploadErrors,
      ...authErrors,
      403: error(
        'INSTANT_CLONE_LIMIT_REACHED: delete a clone, fund the wallet or request a raise; INSUFFICIENT_SCOPE: the key lacks voices:write.',
      ),
    },
  });

  registry.registerPath({
    method: 'post',
    path: '/v1/voices/professional',
    operationId: 'createProfessionalClone',
    tags: ['Voices'],
    summary: 'Professional clone: a draft until promoted',
    description:
      `${CLONE_DESCRIPTION}\n\nDrafts are unlimited. A draft can be previewed but not used on any ` +
      'speech surface nor in calls (409 `VOICE_NOT_LIVE`) until `POST /v1/voices/{voice_id}/promote`. ' +
      'Attach the speaker reading the consent statement as `consent_recording` (a WAV, checked as a ' +
      'sample; `error.field` names it when it is unfit): it is stored with the draft for the ' +
      'consent-and-rights review, and a draft without it cannot be promoted. With it the body may be ' +
      'up to 36 MB.',
    security: bearer,
    request: {
      body: {
        required: true,
        content: { 'multipart/form-data': { schema: ProfessionalCloneUpload } },
      },
    },
    responses: {
      201: json(CloneResponse, 'The clone, a draft.'),
      ...uploadErrors,
      413: error('PAYLOAD_TOO_LARGE: the body is over 36 MB.'),
      ...authErrors,
    },
  });

  registry.registerPath({
    method: 'post',
    path: '/v1/voices/{voice_id}/preview',
    operationId: 'previewVoice',
    tags: ['Voices'],
    summary: 'Hear a voice (drafts included)',
    description:
      'A short WAV (mono, 16-bit, 24 kHz) of the text, or of a default greeting. Not billed; at most 500 characters.',
    security: bearer,
    request: {
      params: voiceIdParam,
      body: { required: false, content: { 'application/json': { schema: PreviewRequest } } },
    },
    responses: {
      200: {
        description: 'WAV audio.',
        content: { 'audio/wav': { schema: z.string().openapi({ format: 'binary' }) } },
      },
      400: error('INVALID_BODY: text is empty or longer than 500 characters.'),
      ...tooLarge,
      404: error('VOICE_NOT_FOUND: no such voice.'),
      ...authErrors,
    },
  });

  registry.registerPath({
    method: 'post',
    path: '/v1/voices/{voice_id}/promote',
    operationId: 'promoteVoice',
    tags: ['Voices'],
    summary: 'Promote a professional clone: draft → live',
    description:
      'Checked in this order; the first unmet condition is the error: the consent-and-rights review ' +
      "passed (409 `REVIEW_NOT_PASSED`), the speaker's consent recording is stored with the draft (409 " +
      '`CONSENT_RECORDING_MISSING`: make a new draft with `consent_recording`), the organization is ' +
      'funded — cumulative deposits of at least ' +
      '5 USD, the starting credit excluded (402 `ORG_NOT_FUNDED`; an admin limit override does not ' +
      'replace funding) — and fewer live professional clones than the live-clone limit (403 ' +
      '`LIVE_CLONE_LIMIT_REACHED`; 1 after the unlock, or an admin override). A live clone is returned unchanged.',
    security: bearer,
    request: { params: voiceIdParam },
    responses: {
      200: json(VoiceObject, 'The clone, live.'),
      402: error('ORG_NOT_FUNDED: deposit at least 5 USD in total.'),
      404: error('VOICE_NOT_FOUND: no clone of your organization has this id.'),
      409: error(
        'REVIEW_NOT_PASSED: the consent-and-rights review is pending or rejected; CONSENT_RECORDING_MISSING: the draft has no recorded consent statement.',
      ),
      ...authErrors,
      403: error(
        'LIVE_CLONE_LIMIT_REACHED: the live professional clone limit is reached; INSUFFICIENT_SCOPE: the key lacks voices:write.',
      ),
    },
  });
}
