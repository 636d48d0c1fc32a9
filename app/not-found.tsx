import type { Metadata } from 'next';
import Link from 'next/link';
import { SiteShell } from '@/components/site-shell';

export const metadata: Metadata = {
  title: 'Page not found',
  description: 'This page does not exist.',
};

export default function NotFound() {
  return (
    <SiteShell>
      <div className="container narrow not-found">
        <p className="code" aria-hidden="true">
          404
        </p>
        <h1>We could not find that page</h1>
        <p className="lede" style={{ margin: '0 auto' }}>
          The link may be old, or the page may have moved.
        </p>
        <div className="actions" style={{ justifyContent: 'center' }}>
          <Link className="button" href="/">
            Go to the home page
          </Link>
          <Link className="button secondary" href="/blog">
            Read the blog
          </Link>
        </div>
      </div>
    </SiteShell>
  );
}
