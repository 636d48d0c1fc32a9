import type { Metadata } from 'next';
import Link from 'next/link';
import { ContactForm } from '@/components/contact-form';

export const metadata: Metadata = {
  title: 'Contact',
  description: 'Questions about Voice AI? Send us a message and we reply within one business day.',
  alternates: { canonical: '/contact' },
  openGraph: {
    title: 'Contact',
    description: 'Send the Voice AI team a message.',
    url: '/contact',
  },
};

export default function ContactPage() {
  return (
    <div className="container two-col" style={{ paddingTop: '3rem' }}>
      <div>
        <h1>Contact us</h1>
        <p className="lede">
          Questions about pricing, a call flow you want to automate, or the API? Send us a message
          and a person replies within one business day.
        </p>
        <p>
          Want to see an agent on a real call?{' '}
          <Link href="/forms/demo-request">Request a demo</Link>.
        </p>
      </div>
      <ContactForm />
    </div>
  );
}
