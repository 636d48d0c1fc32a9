import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { siteOrigin } from '@/lib/site/site-origin';
import './globals.css';

const description = 'AI phone agents that place outbound calls, with an API for developers.';

export async function generateMetadata(): Promise<Metadata> {
  return {
    metadataBase: new URL(await siteOrigin()),
    title: { default: 'Voice AI — phone agents that sound human', template: '%s — Voice AI' },
    description,
    openGraph: { siteName: 'Voice AI', type: 'website', locale: 'en_US' },
    alternates: { types: { 'application/rss+xml': '/blog/rss.xml' } },
  };
}

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
