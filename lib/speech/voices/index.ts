// Voices: the catalogue, the organization's clones (instant and professional) and resolveVoice.
export { resolveVoice, type ResolvedVoice } from './resolve-voice';
export { combineSpeed } from './combine-speed';
export { findVoice, type FoundVoice } from './find-voice';
export { CATALOGUE, type Persona } from './catalogue';
export { analyzeSamples, type VoiceAnalysis } from './analyze-samples';
export { cloneVoice } from './clone-voice';
export { cloneWithConsent } from './clone-with-consent';
export { consentStatement } from './consent-statement';
export { createClone, type NewClone } from './create-clone';
export { deleteClone } from './delete-clone';
export { promoteClone } from './promote-clone';
export { reviewClone } from './review-clone';
export { listVoices } from './list-voices';
export { getVoice } from './get-voice';
export { previewVoice, DEFAULT_PREVIEW_TEXT, PREVIEW_SAMPLE_RATE } from './preview-voice';
export {
  parseCloneForm,
  MAX_FORM_OVERHEAD_BYTES,
  MAX_SAMPLE_BYTES,
  MAX_TOTAL_SAMPLE_BYTES,
  type CloneForm,
} from './parse-clone-form';
export { parseConsentRecording, type ConsentRecording } from './parse-consent-recording';
export { getConsentRecording } from './get-consent-recording';
export { listConsentRecordings } from './list-consent-recordings';
export { renderClone, type CloneRow } from './render-clone';
export type { VoiceDeps, VoiceView } from './types';
