import Link from 'next/link';
import type { z } from 'zod';
import type { BlogPostSummary } from '@/schemas/blog';
import { formatDate, oneLine } from '@/lib/site/format';
import { siteImage } from '@/lib/site/sanity-image';
import { SiteImage } from '@/components/site-image';

type Summary = z.infer<typeof BlogPostSummary>;

/** One post in the blog index. Every CMS string is rendered as React text, never as HTML. */
export function PostCard({ post, priority = false }: { post: Summary; priority?: boolean }) {
  const image = siteImage(post.featuredImage);
  const date = formatDate(post.publishedAt);
  const href = `/blog/${encodeURIComponent(post.slug.current)}`;
  return (
    <article className="post-card">
      {image ? (
        <SiteImage
          src={image.src}
          width={image.width}
          height={image.height}
          alt=""
          sizes="(max-width: 52rem) 100vw, 24rem"
          priority={priority}
        />
      ) : null}
      <div className="post-card-body">
        {post.categories ? (
          <ul className="tags" aria-label="Categories">
            {post.categories.map((c) => (
              <li key={c}>{oneLine(c)}</li>
            ))}
          </ul>
        ) : null}
        <h2>
          <Link href={href} prefetch={false}>
            {oneLine(post.title)}
          </Link>
        </h2>
        {post.excerpt ? <p>{oneLine(post.excerpt)}</p> : null}
        <p className="meta">
          {[post.author?.name ? oneLine(post.author.name) : null, date].filter(Boolean).join(' · ')}
        </p>
      </div>
    </article>
  );
}
