import { ConsoleCloneFields } from '@/schemas/voices';
import type { AuditActor } from '../audit/record-audit';
import { ApiError } from '../http/api-error';
import { parseBody } from '../http/parse-body';
import { cloneVoice } from './clone-voice';
import { decodeWavSample, MAX_SAMPLE_SECONDS } from './decode-wav-sample';
import { MAX_SAMPLE_BYTES, parseCloneForm } from './parse-clone-form';
import type { CloneRow } from './render-clone';
import type { VoiceDeps } from './types';

/**
 * The studio's clone upload: the clone form of the REST API plus the person's word that the
 * speaker consented (a tick naming them) and, for a professional clone, the speaker's recorded
 * consent statement — a WAV checked like a sample (up to 60 s) whose length goes to the audit log
 * with the speaker's name. Nothing is stored unless every part is fit.
 */
export async function cloneWithConsent(
  deps: VoiceDeps,
  orgId: string,
  form: FormData,
  actor: AuditActor,
  now: Date,
): Promise<CloneRow> {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : undefined;
  };
  const fields = parseBody(ConsoleCloneFields, {
    kind: text('kind'),
    consent_speaker: text('consent_speaker'),
    consent: text('consent'),
  });
  const clone = await parseCloneForm(form);
  let statementSeconds: number | null = null;
  if (fields.kind === 'professional') {
    const recording = form.get('consent_recording');
    if (!(recording instanceof Blob) || recording.size === 0) {
      throw new ApiError('INVALID_BODY', {
        message: 'consent_recording: record the speaker reading the consent statement.',
        field: 'consent_recording',
      });
    }
    if (recording.size > MAX_SAMPLE_BYTES) {
      throw new ApiError('INVALID_BODY', {
        message: `consent_recording: is larger than 10 MB (at most ${MAX_SAMPLE_SECONDS} s).`,
        field: 'consent_recording',
      });
    }
    const bytes = new Uint8Array(await recording.arrayBuffer());
    statementSeconds = decodeWavSample(bytes, 'the recording', 'consent_recording').seconds;
  }
  return cloneVoice(deps, orgId, fields.kind, clone, now, {
    actor,
    consent: { speaker: fields.consent_speaker, statementSeconds },
  });
}
