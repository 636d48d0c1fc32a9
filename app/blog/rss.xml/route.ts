// GET /blog/rss.xml — the editorial posts (newest 100) as RSS 2.0, built with `feed`; titles are plain text.
import { Feed } from 'feed';
import { defineRoute } from '@/lib/platform/http';
import { listBlogPosts } from '@/lib/site/blog/list-blog-posts';
import { oneLine } from '@/lib/site/format';
import { siteOrigin } from '@/lib/site/site-origin';

export const dynamic = 'force-dynamic';

// Every editorial post the list API can return in one page (the spec caps limit at 100).
const FEED_SIZE = 100;

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('marketing', {
  GET: async () => {
    const origin = await siteOrigin();
    const { posts } = await listBlogPosts(1, FEED_SIZE);
    const dated = posts.filter((p) => p.publishedAt && !Number.isNaN(Date.parse(p.publishedAt)));
    const feed = new Feed({
      id: `${origin}/blog`,
      title: 'Voice AI blog',
      description: 'Engineering notes, product news and guides on building AI phone agents.',
      link: `${origin}/blog`,
      language: 'en',
      copyright: 'Voice AI',
      generator: false,
      updated: dated[0] ? new Date(dated[0].publishedAt!) : undefined,
      feedLinks: { rss: `${origin}/blog/rss.xml` },
    });
    // A feed item needs a date, so undated posts (shown last on /blog) are left out of the feed.
    for (const post of dated) {
      const link = `${origin}/blog/${encodeURIComponent(post.slug.current)}`;
      feed.addItem({
        title: oneLine(post.title),
        id: link,
        link,
        date: new Date(post.publishedAt!),
        ...(post.excerpt ? { description: oneLine(post.excerpt) } : {}),
        ...(post.author ? { author: [{ name: oneLine(post.author.name) }] } : {}),
        ...(post.categories
          ? { category: post.categories.map((name) => ({ name: oneLine(name) })) }
          : {}),
      });
    }
    return new Response(feed.rss2(), {
      headers: {
        'Content-Type': 'application/rss+xml; charset=utf-8',
        'Cache-Control': 'public, s-maxage=3600, stale-while-revalidate=86400',
      },
    });
  },
});
