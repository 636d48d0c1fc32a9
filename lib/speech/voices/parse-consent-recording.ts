import { ApiError } from '../../platform/errors/api-error';
import { decodeWavSample, MAX_SAMPLE_SECONDS } from './decode-wav-sample';
import { MAX_SAMPLE_BYTES } from './parse-clone-form';

/** The speaker's recorded consent statement: the WAV as uploaded and its length. */
export interface ConsentRecording {
  wav: Uint8Array;
  seconds: number;
}

const FIELD = 'consent_recording';

/**
 * The `consent_recording` file of a professional clone upload, checked as a sample is (a PCM or
 * float WAV of 1–60 s, at most 10 MB): null when absent and not `required`.
 */
export async function parseConsentRecording(
  form: FormData,
  required: boolean,
): Promise<ConsentRecording | null> {
  const recording = form.get(FIELD);
  if (recording === null && !required) return null;
  if (typeof recording === 'string') {
    throw new ApiError('INVALID_BODY', {
      message: `${FIELD}: must be a file, not a text field.`,
      field: FIELD,
    });
  }
  if (!recording || recording.size === 0) {
    throw new ApiError('INVALID_BODY', {
      message: `${FIELD}: record the speaker reading the consent statement.`,
      field: FIELD,
    });
  }
  if (recording.size > MAX_SAMPLE_BYTES) {
    throw new ApiError('INVALID_BODY', {
      message: `${FIELD}: is larger than 10 MB (at most ${MAX_SAMPLE_SECONDS} s).`,
      field: FIELD,
    });
  }
  const wav = new Uint8Array(await recording.arrayBuffer());
  return { wav, seconds: decodeWavSample(wav, 'the recording', FIELD).seconds };
}
