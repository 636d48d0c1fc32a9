import { z } from 'zod';
import type { Cms } from '../../adapters/cms';
import { LEAD_FORM_QUERY } from '../../adapters/cms/queries';
import { ApiError } from '../../platform/errors/api-error';
import {
  LeadFormDefinition,
  LeadSettingsDefinition,
  type LeadForm,
  type LeadSettings,
} from './lead-form';

const reply = z.object({
  form: LeadFormDefinition.nullable(),
  settings: LeadSettingsDefinition,
});

/** The published form for `slug` and the site-wide blocklists, or 404/503 as the spec says. */
export async function loadLeadForm(
  cms: Cms,
  slug: string,
): Promise<{ form: LeadForm; settings: LeadSettings }> {
  let raw: unknown;
  try {
    raw = await cms.query(LEAD_FORM_QUERY, { slug });
  } catch (error) {
    throw new ApiError('FORM_LOOKUP_FAILED', { cause: error });
  }
  const parsed = reply.safeParse(raw);
  // A definition we cannot read is a CMS-side fault, not the caller's: retryable 503.
  if (!parsed.success) throw new ApiError('FORM_LOOKUP_FAILED', { cause: parsed.error });
  if (!parsed.data.form) throw new ApiError('FORM_NOT_FOUND');
  return { form: parsed.data.form, settings: parsed.data.settings };
}
