import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { PortableTextBody } from '@/components/portable-text-body';
import { getPost } from '@/lib/site/blog/get-post';
import { formatDate, oneLine } from '@/lib/site/format';
import { siteImage } from '@/lib/site/sanity-image';
import { SiteImage } from '@/components/site-image';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ slug: string }> };

async function load(props: Props) {
  const { slug } = await props.params;
  let decoded = slug;
  try {
    decoded = decodeURIComponent(slug);
  } catch {
    // already decoded, and holds a lone '%'
  }
  decoded = decoded.normalize('NFC');
  const post = await getPost(decoded);
  if (!post) notFound();
  return post;
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const post = await load(props);
  const title = oneLine(post.title);
  const description = oneLine(post.excerpt) || undefined;
  const image = siteImage(post.featuredImage);
  const url = `/blog/${encodeURIComponent(post.slug.current)}`;
  return {
    title,
    description,
    alternates: { canonical: url },
    openGraph: {
      type: 'article',
      title,
      description,
      url,
      ...(post.publishedAt ? { publishedTime: post.publishedAt } : {}),
      ...(post.author ? { authors: [oneLine(post.author.name)] } : {}),
      ...(image && !image.src.includes('/images/embedded/')
        ? { images: [{ url: image.src, width: image.width, height: image.height, alt: image.alt }] }
        : {}),
    },
  };
}

export default async function PostPage(props: Props) {
  const post = await load(props);
  const image = siteImage(post.featuredImage);
  const avatar = siteImage(post.author?.avatar);
  const date = formatDate(post.publishedAt);
  const slug = encodeURIComponent(post.slug.current);
  return (
    <article className="container narrow">
      <header className="post-header">
        <p className="meta">
          <Link href="/blog">← All posts</Link>
        </p>
        {post.categories ? (
          <ul className="tags" aria-label="Categories">
            {post.categories.map((c) => (
              <li key={c}>{oneLine(c)}</li>
            ))}
          </ul>
        ) : null}
        <h1>{oneLine(post.title)}</h1>
        {post.excerpt ? <p className="lede">{oneLine(post.excerpt)}</p> : null}
        <div className="byline">
          {avatar ? <SiteImage src={avatar.src} width={40} height={40} alt="" /> : null}
          <span>
            {post.author ? (
              <>
                By <span data-testid="author">{oneLine(post.author.name)}</span>
              </>
            ) : (
              'Voice AI team'
            )}
            {date && post.publishedAt ? (
              <>
                {' · '}
                <time dateTime={post.publishedAt}>{date}</time>
              </>
            ) : null}
          </span>
        </div>
      </header>
      {image ? (
        <div className="post-hero">
          <SiteImage
            src={image.src}
            width={image.width}
            height={image.height}
            alt={image.alt}
            sizes="(max-width: 46rem) 100vw, 46rem"
            priority
          />
        </div>
      ) : null}
      <div className="prose">
        <PortableTextBody value={post.body ?? []} />
      </div>
      <footer className="post-footer">
        <Link href="/blog">← All posts</Link>
        <a href={`/api/blog/${slug}/markdown`} type="text/markdown">
          View as markdown
        </a>
      </footer>
    </article>
  );
}
