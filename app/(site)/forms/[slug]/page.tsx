import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { LeadForm } from '@/components/lead-form/lead-form';
import { getCms } from '@/lib/composition/adapters';
import { ApiError } from '@/lib/platform/errors/api-error';
import { loadLeadForm } from '@/lib/site/leads/load-lead-form';
import { toPublicLeadForm, type PublicLeadForm } from '@/lib/site/public-lead-form';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ slug: string }> };

async function load(props: Props): Promise<PublicLeadForm> {
  const { slug } = await props.params;
  try {
    return toPublicLeadForm((await loadLeadForm(getCms(), decodeURIComponent(slug))).form);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'FORM_NOT_FOUND') notFound();
    throw error;
  }
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const form = await load(props);
  const description = `${form.title}: tell us a little about you and we will be in touch.`;
  return {
    title: form.title,
    description,
    openGraph: { title: form.title, description, url: `/forms/${encodeURIComponent(form.slug)}` },
  };
}

export default async function FormPage(props: Props) {
  const form = await load(props);
  return (
    <div className="container two-col" style={{ paddingTop: '3rem' }}>
      <div>
        <h1>{form.title}</h1>
        <p className="lede">
          Tell us a little about you and your calls. We reply within one business day, and we never
          share your details.
        </p>
        <p>
          Prefer to write? <a href="/contact">Send us a message</a>.
        </p>
      </div>
      <LeadForm form={form} />
    </div>
  );
}
