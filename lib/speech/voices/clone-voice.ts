import type { AuditActor } from '../../accounts';
import { analyzeSamples } from './analyze-samples';
import { createClone, type CloneConsent } from './create-clone';
import type { CloneForm } from './parse-clone-form';
import type { ConsentRecording } from './parse-consent-recording';
import type { CloneRow } from './render-clone';
import type { VoiceDeps } from './types';

/**
 * Analyzes an upload and stores the clone (instant: live and limited; professional: a draft, with
 * the speaker's recorded consent statement when there is one).
 */
export async function cloneVoice(
  deps: VoiceDeps,
  orgId: string,
  kind: 'instant' | 'professional',
  form: CloneForm,
  now: Date,
  audit?: { actor: AuditActor; consent?: CloneConsent },
  recording?: ConsentRecording | null,
): Promise<CloneRow> {
  const analysis = analyzeSamples(form.samples);
  return createClone(deps.db, {
    orgId,
    kind,
    name: form.name,
    description: form.description,
    analysis,
    now,
    actor: audit?.actor,
    consent: audit?.consent,
    recording: kind === 'professional' ? recording : null,
  });
}
