import { getCms } from '@/lib/composition/adapters';
import { ApiError } from '@/lib/platform/errors/api-error';
import { loadLeadForm } from '@/lib/site/leads/load-lead-form';
import { toPublicLeadForm } from '@/lib/site/public-lead-form';
import { LeadForm } from './lead-form';

/**
 * A CMS lead form on any page (server component): loads the definition, renders the client
 * form. An unknown or unreadable form renders nothing rather than breaking its host page.
 */
export async function LeadFormEmbed({
  slug,
  headingLevel = 2,
}: {
  slug: string;
  headingLevel?: 2 | 3;
}) {
  let form;
  try {
    form = toPublicLeadForm((await loadLeadForm(getCms(), slug)).form);
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
  return <LeadForm form={form} headingLevel={headingLevel} />;
}
