import { ConsoleCloneFields } from '@/schemas/voices';
import type { AuditActor } from '../../accounts';
import { parseBody } from '../../platform/http/parse-body';
import { cloneVoice } from './clone-voice';
import { parseCloneForm } from './parse-clone-form';
import { parseConsentRecording } from './parse-consent-recording';
import type { CloneRow } from './render-clone';
import type { VoiceDeps } from './types';

/**
 * The studio's clone upload: the clone form of the REST API plus the person's word that the
 * speaker consented (a tick naming them) and, for a professional clone, the speaker's recorded
 * consent statement — a WAV checked like a sample (up to 60 s), stored with the draft, its length
 * in the audit log with the speaker's name. Nothing is stored unless every part is fit.
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
  const recording = fields.kind === 'professional' ? await parseConsentRecording(form, true) : null;
  return cloneVoice(
    deps,
    orgId,
    fields.kind,
    clone,
    now,
    {
      actor,
      consent: { speaker: fields.consent_speaker, statementSeconds: recording?.seconds ?? null },
    },
    recording,
  );
}
