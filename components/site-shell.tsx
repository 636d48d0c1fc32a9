import Link from 'next/link';
import type { ReactNode } from 'react';
import { AccountLink } from './account-link';
import { AttributionCapture } from './attribution-capture';

const nav = [
  { href: '/blog', label: 'Blog' },
  { href: '/docs', label: 'Marketing API' },
  { href: '/v1/docs', label: 'Voice API' },
  { href: '/forms/demo-request', label: 'Request a demo' },
  { href: '/contact', label: 'Contact' },
];

/** Header, main landmark and footer around every site page (the 404 page included). */
export function SiteShell({ children }: { children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <div className="container">
          <Link href="/" className="brand">
            <span className="brand-mark" aria-hidden="true" />
            Voice AI
          </Link>
          <nav className="site-nav" aria-label="Main">
            <ul>
              {nav.map((item) => (
                <li key={item.href}>
                  <Link href={item.href} prefetch={false}>
                    {item.label}
                  </Link>
                </li>
              ))}
              <li>
                <AccountLink />
              </li>
            </ul>
          </nav>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <footer className="site-footer">
        <div className="container">
          <p>© Voice AI. All content is fictional.</p>
          <ul aria-label="Footer">
            <li>
              <Link href="/blog/rss.xml" prefetch={false}>
                RSS
              </Link>
            </li>
            <li>
              <Link href="/forms/newsletter" prefetch={false}>
                Newsletter
              </Link>
            </li>
            <li>
              <Link href="/contact" prefetch={false}>
                Contact
              </Link>
            </li>
          </ul>
        </div>
      </footer>
      <AttributionCapture />
    </>
  );
}
