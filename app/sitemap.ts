import type { MetadataRoute } from 'next';
import { listBlogPosts } from '@/lib/site/blog/list-blog-posts';
import { siteOrigin } from '@/lib/site/site-origin';

export const dynamic = 'force-dynamic';

/** The site's pages and every published editorial post (read 100 at a time). */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const origin = await siteOrigin();
  const entries: MetadataRoute.Sitemap = [
    { url: `${origin}/`, changeFrequency: 'weekly', priority: 1 },
    { url: `${origin}/blog`, changeFrequency: 'daily', priority: 0.8 },
    { url: `${origin}/contact`, changeFrequency: 'yearly', priority: 0.5 },
    { url: `${origin}/forms/demo-request`, changeFrequency: 'yearly', priority: 0.6 },
    { url: `${origin}/docs`, changeFrequency: 'monthly', priority: 0.5 },
    { url: `${origin}/v1/docs`, changeFrequency: 'monthly', priority: 0.5 },
  ];
  for (let page = 1; ; page++) {
    const { posts, hasMore } = await listBlogPosts(page, 100);
    for (const post of posts) {
      entries.push({
        url: `${origin}/blog/${encodeURIComponent(post.slug.current)}`,
        ...(post.publishedAt ? { lastModified: post.publishedAt } : {}),
        changeFrequency: 'monthly',
        priority: 0.6,
      });
    }
    if (!hasMore) break;
  }
  return entries;
}
