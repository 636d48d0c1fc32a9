import { describe, expect, it } from 'vitest';
import { EmbeddedCms } from '@/lib/cms';
import { BLOG_POST_BY_SLUG } from '@/lib/cms/queries';
import { RawPost, renderPostMarkdown } from '@/lib/blog/render-post-markdown';

const cms = new EmbeddedCms('content/dataset.ndjson');
const images = { projectId: 'embedded', dataset: 'production' };

async function markdownOf(slug: string): Promise<string> {
  const post = RawPost.parse(await cms.query(BLOG_POST_BY_SLUG, { slug }));
  return renderPostMarkdown(post, images);
}

describe('post markdown (golden files)', () => {
  it.each([
    'portable-text-kitchen-sink',
    'latency-budget-for-voice-agents',
    'shipping-post-call-webhooks',
    'voz-en-español-ñ',
    'on-call-runbook',
    'regional-data-residency',
  ])('%s', async (slug) => {
    await expect(await markdownOf(slug)).toMatchFileSnapshot(
      `golden/${encodeURIComponent(slug)}.md`,
    );
  });
});

describe('renderPostMarkdown', () => {
  const base = { _id: 'p', title: 'Title' };

  it('omits the byline parts that are missing', () => {
    expect(renderPostMarkdown({ ...base, author: { name: 'Jane Doe' } }, images)).toBe(
      '# Title\n\nBy Jane Doe\n',
    );
    expect(renderPostMarkdown({ ...base, publishedAt: '2026-03-04T23:59:00Z' }, images)).toBe(
      '# Title\n\n2026-03-04\n',
    );
    expect(renderPostMarkdown(base, images)).toBe('# Title\n');
  });

  it('quotes every line of a multi-line excerpt and skips a blank one', () => {
    expect(renderPostMarkdown({ ...base, excerpt: 'one\ntwo' }, images)).toBe(
      '# Title\n\n> one\n> two\n',
    );
    expect(renderPostMarkdown({ ...base, excerpt: '   ' }, images)).toBe('# Title\n');
  });

  it('renders every Portable Text feature', async () => {
    const markdown = await markdownOf('portable-text-kitchen-sink');
    for (const expected of [
      /^# /m,
      /^## /m,
      /^### /m,
      /^#### /m,
      /^> /m,
      /^- /m,
      /^ {3}- /m,
      /^ {6}- /m,
      /^1\. /m,
      /^ {3}1\. /m,
      /\*\*[^*]+\*\*/,
      /_[^_]+_/,
      /`[^`]+`/,
      /\*\*_[^*]+_\*\*/,
      /\[[^\]]+\]\(https?:\/\/[^)]+\)/,
      /^```ts$/m,
      /^```bash$/m,
      /^```json$/m,
      /!\[[^\]]+\]\(https:\/\/cdn\.sanity\.io\/images\/embedded\/production\/[0-9a-f]+-\d+x\d+\.png\)/,
      /!\[\]\(https:\/\/cdn\.sanity\.io\//,
    ]) {
      expect(markdown).toMatch(expected);
    }
  });
});
