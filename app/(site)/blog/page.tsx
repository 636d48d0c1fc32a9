import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { PostCard } from '@/components/post-card';
import { LeadFormEmbed } from '@/components/lead-form/lead-form-embed';
import { listBlogPosts } from '@/lib/site/blog/list-blog-posts';
import { parseListParams } from '@/lib/site/blog/parse-list-params';

const PAGE_SIZE = 12;
export const dynamic = 'force-dynamic';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

async function pageNumber(props: Props): Promise<number> {
  const raw = (await props.searchParams).page;
  return parseListParams(new URLSearchParams(typeof raw === 'string' ? { page: raw } : {})).page;
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const page = await pageNumber(props);
  const title = page > 1 ? `Blog — page ${page}` : 'Blog';
  const description = 'Engineering notes, product news and guides on building AI phone agents.';
  const url = page > 1 ? `/blog?page=${page}` : '/blog';
  return {
    title,
    description,
    alternates: { canonical: url },
    openGraph: { title, description, url },
  };
}

export default async function BlogIndex(props: Props) {
  const page = await pageNumber(props);
  // The same query and cache as GET /api/blog.
  const { posts, total, hasMore } = await listBlogPosts(page, PAGE_SIZE);
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  if (posts.length === 0 && page > 1) notFound();
  return (
    <div className="container">
      <header className="page-head">
        <h1>Blog</h1>
        <p className="lede">
          Engineering notes, product news and guides on building AI phone agents.{' '}
          <a href="/blog/rss.xml">Subscribe via RSS</a>.
        </p>
      </header>
      <ul className="post-grid" aria-label={`Posts, page ${page} of ${pages}`}>
        {posts.map((post, index) => (
          <li key={post._id}>
            <PostCard post={post} priority={index < 3} />
          </li>
        ))}
      </ul>
      <nav className="pagination" aria-label="Blog pages">
        {page > 1 ? (
          <Link
            className="button secondary"
            href={page === 2 ? '/blog' : `/blog?page=${page - 1}`}
            rel="prev"
          >
            ← Newer posts
          </Link>
        ) : (
          <span />
        )}
        <p className="meta" aria-current="page">
          Page {page} of {pages}
        </p>
        {hasMore ? (
          <Link className="button secondary" href={`/blog?page=${page + 1}`} rel="next">
            Older posts →
          </Link>
        ) : (
          <span />
        )}
      </nav>
      <section className="section narrow" aria-labelledby="newsletter-title">
        <h2 id="newsletter-title">Get new posts by email</h2>
        <LeadFormEmbed slug="newsletter" headingLevel={3} />
      </section>
    </div>
  );
}
