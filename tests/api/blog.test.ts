import { appendFileSync, copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from '@sanity/webhook';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlogListResponse } from '@/schemas/blog';
import { ApiErrorEnvelope, BlogListErrorResponse } from '@/schemas/error';
import { startServer, type RunningServer } from '../support/server';

let server: RunningServer;
let broken: RunningServer;

beforeAll(async () => {
  [server, broken] = await Promise.all([
    startServer(),
    startServer({ env: { CMS_DATASET: '/nonexistent/dataset.ndjson' } }),
  ]);
});
afterAll(async () => {
  await Promise.all([server?.stop(), broken?.stop()]);
});

async function list(query = '', base = server.url) {
  const response = await fetch(`${base}/api/blog${query}`);
  expect(response.status).toBe(200);
  return BlogListResponse.parse(await response.json());
}

describe('GET /api/blog', () => {
  it('returns the first page of published editorial posts with exact keys', async () => {
    const body = await list();
    expect(body).toMatchObject({ total: 65, page: 1, limit: 50, hasMore: true });
    expect(body.posts).toHaveLength(50);
    expect(body.posts[0]!.slug.current).toBe('callback-requests');
  });

  it('orders newest first, undated last, ties by _id', async () => {
    const { posts } = await list('?limit=100');
    expect(posts).toHaveLength(65);
    const dated = posts.filter((p) => p.publishedAt);
    const dates = dated.map((p) => p.publishedAt!);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(posts.slice(-3).every((p) => !p.publishedAt)).toBe(true);
    const tie = posts.filter((p) => p.publishedAt === '2025-06-10T14:00:00Z').map((p) => p._id);
    expect(tie).toEqual(['post-idempotency-for-call-creation', 'post-rate-limits-explained']);
  });

  it('excludes drafts, future-dated and non-editorial posts, and never includes a body', async () => {
    const response = await fetch(`${server.url}/api/blog?limit=100`);
    const text = await response.text();
    expect(text).not.toContain('"body"');
    const { posts } = BlogListResponse.parse(JSON.parse(text));
    const slugs = posts.map((p) => p.slug.current);
    for (const excluded of [
      'draft-only-upcoming-feature',
      'draft-only-pricing-experiment',
      'future-launch-announcement',
    ]) {
      expect(slugs).not.toContain(excluded);
    }
    expect(slugs.some((s) => s.startsWith('programmatic-'))).toBe(false);
    expect(posts.some((p) => p._id.startsWith('drafts.'))).toBe(false);
    expect(posts.every((p) => p.contentSource === null || p.contentSource === 'editorial')).toBe(
      true,
    );
  });

  it('turns blank fields into null', async () => {
    const bySlug = new Map((await list('?limit=100')).posts.map((p) => [p.slug.current, p]));
    expect(bySlug.get('rate-limits-explained')!.excerpt ?? null).toBeNull();
    expect(bySlug.get('agent-handoff-summaries')!.excerpt ?? null).toBeNull();
    expect(bySlug.get('pricing-update-2025')!.featuredImage).toBeNull();
    expect(bySlug.get('survey-calls')!.categories).toBeNull();
    expect(bySlug.get('regional-data-residency')!.author).toBeNull();
    expect(bySlug.get('sip-trunking-byo-carrier')!.author).toEqual({
      name: expect.any(String),
      avatar: null,
    });
  });

  it.each([
    ['?page=0', 1, 50],
    ['?page=-3', 1, 50],
    ['?page=abc', 1, 50],
    ['?page=2.5', 1, 50],
    ['?limit=0', 1, 1],
    ['?limit=101', 1, 100],
    ['?limit=1000', 1, 100],
    ['?limit=abc', 1, 50],
  ])('clamps %s to page %i, limit %i', async (query, page, limit) => {
    const body = await list(query);
    expect(body.page).toBe(page);
    expect(body.limit).toBe(limit);
    expect(body.posts).toHaveLength(Math.min(limit, 65));
  });

  it('reports total and hasMore exactly at the last page and past it', async () => {
    const last = await list('?page=7&limit=10');
    expect(last).toMatchObject({ total: 65, page: 7, limit: 10, hasMore: false });
    expect(last.posts).toHaveLength(5);
    const before = await list('?page=6&limit=10');
    expect(before.hasMore).toBe(true);
    const past = await list('?page=8&limit=10');
    expect(past).toMatchObject({ total: 65, page: 8, hasMore: false, posts: [] });
    const exact = await list('?page=5&limit=13');
    expect(exact.hasMore).toBe(false);
  });

  it('pages do not overlap and cover every post', async () => {
    const ids = [];
    for (let page = 1; page <= 7; page++)
      ids.push(...(await list(`?page=${page}&limit=10`)).posts.map((p) => p._id));
    expect(new Set(ids).size).toBe(65);
  });

  it('answers 500 BLOG_FETCH_FAILED with the legacy list keys when the CMS fails', async () => {
    const response = await fetch(`${broken.url}/api/blog?page=3&limit=500`);
    expect(response.status).toBe(500);
    const body = BlogListErrorResponse.strict().parse(await response.json());
    expect(body).toMatchObject({
      ok: false,
      posts: [],
      total: 0,
      page: 3,
      limit: 100,
      hasMore: false,
    });
    expect(body.error.code).toBe('BLOG_FETCH_FAILED');
  });
});

describe('GET /api/blog/{slug}/markdown', () => {
  it('serves markdown with the cache header', async () => {
    const response = await fetch(`${server.url}/api/blog/portable-text-kitchen-sink/markdown`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe(
      'public, s-maxage=3600, stale-while-revalidate=86400',
    );
    const text = await response.text();
    expect(text.startsWith('# Portable Text kitchen sink')).toBe(true);
    expect(text).toContain('\n\nBy Maya Okafor · 2026-09-30\n\n> ');
  });

  it('serves non-editorial published posts and unicode slugs', async () => {
    const programmatic = await fetch(
      `${server.url}/api/blog/programmatic-ai-phone-agent-for-dentists/markdown`,
    );
    expect(programmatic.status).toBe(200);
    const unicode = await fetch(
      `${server.url}/api/blog/${encodeURIComponent('voz-en-español-ñ')}/markdown`,
    );
    expect(unicode.status).toBe(200);
    expect(await unicode.text()).toMatch(/^# Agentes de voz en español/);
  });

  it('keeps a hostile title, author and excerpt on one escaped line each', async () => {
    const response = await fetch(`${server.url}/api/blog/escaping-edge-cases/markdown`);
    expect(response.status).toBe(200);
    const text = await response.text();
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^# Escaping &lt;script&gt;.* \\# Second heading \\\[link\\\]/);
    expect(lines[1]).toBe('');
    expect(lines[2]).toBe('By Eve &lt;b&gt;Markup&lt;/b&gt; \\# Not a heading · 2024-02-19');
    expect(lines[4]).toMatch(/^> An excerpt with &lt;img .*\\# a heading line - and a list item$/);
    expect(lines.filter((line) => /^#/.test(line))).toHaveLength(1);
    // Outside code fences (where editor HTML is shown as code) no markup survives.
    const prose = text.replace(/^```[\s\S]*?^```$/gm, '');
    expect(prose).not.toMatch(/<[a-z/!]/i);
  });

  it.each([
    'draft-only-upcoming-feature',
    'future-launch-announcement',
    'does-not-exist',
    'a%2Fb',
    '%F0%9F%93%9E',
    'x'.repeat(500),
    'y'.repeat(5000),
    '%00',
    '..%2F..%2Fetc%2Fpasswd',
  ])('answers 404 BLOG_POST_NOT_FOUND in JSON for %s', async (slug) => {
    const response = await fetch(`${server.url}/api/blog/${slug}/markdown`);
    expect(response.status).toBe(404);
    const body = ApiErrorEnvelope.strict().parse(await response.json());
    expect(body.error).toMatchObject({ code: 'BLOG_POST_NOT_FOUND', field: 'slug' });
  });

  it('answers 500 BLOG_FETCH_FAILED when the CMS fails', async () => {
    const response = await fetch(`${broken.url}/api/blog/anything/markdown`);
    expect(response.status).toBe(500);
    expect(ApiErrorEnvelope.strict().parse(await response.json()).error.code).toBe(
      'BLOG_FETCH_FAILED',
    );
  });
});

describe('revalidation', () => {
  const secret = 'revalidate-secret-for-tests';

  it('shows a newly published post after a signed webhook, not before', async () => {
    const dataset = join(mkdtempSync(join(tmpdir(), 'dataset-')), 'dataset.ndjson');
    copyFileSync('content/dataset.ndjson', dataset);
    const own = await startServer({
      env: { CMS_DATASET: dataset, SANITY_REVALIDATE_SECRET: secret },
    });
    try {
      const before = await list('?limit=1', own.url);
      expect(before.total).toBe(65);

      const post = {
        _id: 'post-fresh-news',
        _type: 'post',
        title: 'Fresh news',
        slug: { _type: 'slug', current: 'fresh-news' },
        publishedAt: new Date(Date.now() - 60_000).toISOString(),
      };
      appendFileSync(dataset, JSON.stringify(post) + '\n');
      const cached = await list('?limit=1', own.url);
      expect(cached.total).toBe(65);
      expect(cached.posts[0]!.slug.current).not.toBe('fresh-news');

      const payload = JSON.stringify({ _id: post._id, _type: 'post' });
      const unsigned = await fetch(`${own.url}/api/revalidate`, { method: 'POST', body: payload });
      expect(unsigned.status).toBe(401);
      expect(ApiErrorEnvelope.strict().parse(await unsigned.json()).error.code).toBe(
        'INVALID_SIGNATURE',
      );
      const forged = await fetch(`${own.url}/api/revalidate`, {
        method: 'POST',
        body: payload,
        headers: {
          [SIGNATURE_HEADER_NAME]: await encodeSignatureHeader(payload, Date.now(), 'wrong-secret'),
        },
      });
      expect(forged.status).toBe(401);
      expect((await list('?limit=1', own.url)).total).toBe(65);

      const signed = await fetch(`${own.url}/api/revalidate`, {
        method: 'POST',
        body: payload,
        headers: {
          [SIGNATURE_HEADER_NAME]: await encodeSignatureHeader(payload, Date.now(), secret),
        },
      });
      expect(signed.status).toBe(200);
      const after = await list('?limit=1', own.url);
      expect(after.total).toBe(66);
      expect(after.posts[0]!.slug.current).toBe('fresh-news');
    } finally {
      await own.stop();
    }
  });
});
