import { ApiError } from '../../platform/errors/api-error';

export const MAX_NAME_CHARS = 30;
export const MAX_DESCRIPTION_CHARS = 500;
export const MAX_SAMPLES = 10;
export const MAX_SAMPLE_BYTES = 10 * 1024 * 1024;
export const MAX_TOTAL_SAMPLE_BYTES = 25 * 1024 * 1024;
/** What a multipart body may hold beyond the samples (part headers, name, description). */
export const MAX_FORM_OVERHEAD_BYTES = 1024 * 1024;

export interface CloneForm {
  name: string;
  description: string | null;
  samples: Uint8Array[];
}

const invalid = (field: string, message: string) =>
  new ApiError('INVALID_BODY', { message: `${field}: ${message}`, field });

/** The fields of a clone upload: `name` (1–30 chars), optional `description`, 1–10 `audio_samples` files. */
export async function parseCloneForm(form: FormData): Promise<CloneForm> {
  const name = form.get('name');
  if (typeof name !== 'string' || name.trim() === '') throw invalid('name', 'is required.');
  if ([...name.trim()].length > MAX_NAME_CHARS) {
    throw invalid('name', `must be at most ${MAX_NAME_CHARS} characters.`);
  }
  const description = form.get('description');
  if (description !== null && typeof description !== 'string') {
    throw invalid('description', 'must be text.');
  }
  if (description && description.length > MAX_DESCRIPTION_CHARS) {
    throw invalid('description', `must be at most ${MAX_DESCRIPTION_CHARS} characters.`);
  }
  const entries = form.getAll('audio_samples');
  if (entries.length === 0) throw invalid('audio_samples', 'attach at least one WAV file.');
  if (entries.length > MAX_SAMPLES) {
    throw invalid('audio_samples', `attach at most ${MAX_SAMPLES} files.`);
  }
  let total = 0;
  const files: Blob[] = [];
  for (const [index, entry] of entries.entries()) {
    if (typeof entry === 'string') {
      throw invalid('audio_samples', `sample ${index + 1} must be a file, not a text field.`);
    }
    if (entry.size > MAX_SAMPLE_BYTES) {
      throw invalid('audio_samples', `sample ${index + 1} is larger than 10 MB.`);
    }
    total += entry.size;
    files.push(entry);
  }
  if (total > MAX_TOTAL_SAMPLE_BYTES) {
    throw invalid('audio_samples', 'the samples together are larger than 25 MB.');
  }
  const samples = await Promise.all(files.map(async (f) => new Uint8Array(await f.arrayBuffer())));
  return { name: name.trim(), description: description?.trim() || null, samples };
}
