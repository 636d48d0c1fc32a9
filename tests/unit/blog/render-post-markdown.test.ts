import { describe, expect, it } from 'vitest';
import { EmbeddedCms } from '@/lib/adapters/cms';
import { BLOG_POST_BY_SLUG } from '@/lib/adapters/cms/queries';
import { escapeMarkdownText } from '@/lib/site/blog/escape-markdown-text';
import { RawPost, renderPostMarkdown } from '@/lib/site/blog/render-post-markdown';

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
    'escaping-edge-cases',
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

  it('puts a multi-line excerpt on one quoted line and skips a blank one', () => {
    expect(renderPostMarkdown({ ...base, excerpt: 'one\ntwo' }, images)).toBe(
      '# Title\n\n> one two\n',
    );
    expect(renderPostMarkdown({ ...base, excerpt: '   ' }, images)).toBe('# Title\n');
  });

  it('keeps a hostile title, author and excerpt on their own lines, as text', () => {
    const markdown = renderPostMarkdown(
      {
        ...base,
        title: 'Hi <script>alert(1)</script>\n# Second [x](javascript:y)',
        author: { name: 'Eve\r\n- <b>bold</b>' },
        excerpt: '1. one\n\n> two *three*',
      },
      images,
    );
    expect(markdown).toBe(
      [
        '# Hi &lt;script&gt;alert(1)&lt;/script&gt; \\# Second \\[x\\](javascript:y)',
        'By Eve - &lt;b&gt;bold&lt;/b&gt;',
        '> 1\\. one &gt; two \\*three\\*',
      ].join('\n\n') + '\n',
    );
    expect(markdown.match(/^#/gm)).toHaveLength(1);
    expect(markdown).not.toMatch(/<[a-z/]/i);
  });

  it('shows an html block of the body as code, not markup', () => {
    const markdown = renderPostMarkdown(
      { ...base, body: [{ _type: 'html', _key: 'h', html: '<script>x()</script>' }] },
      images,
    );
    expect(markdown).toBe('# Title\n\n```html\n<script>x()</script>\n```\n');
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

describe('escapeMarkdownText', () => {
  it.each([
    ['plain text', 'plain text'],
    ['  line\r\nbreaks\u2028and\ttabs  ', 'line breaks and tabs'],
    ['a_b*c`d`[e](f) ~g~ |h| #i \\j', 'a\\_b\\*c\\`d\\`\\[e\\](f) \\~g\\~ \\|h\\| \\#i \\\\j'],
    ['<img src=x onerror=y> & &amp;', '&lt;img src=x onerror=y&gt; &amp; &amp;amp;'],
    ['- item', '\\- item'],
    ['+ item', '\\+ item'],
    ['= rule', '\\= rule'],
    ['12. item', '12\\. item'],
    ['3) item', '3\\) item'],
    ['2024 was a year', '2024 was a year'],
  ])('%j → %j', (input, expected) => {
    expect(escapeMarkdownText(input)).toBe(expected);
  });
});
