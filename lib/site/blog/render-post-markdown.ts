import { createImageUrlBuilder } from '@sanity/image-url';
import { portableTextToMarkdown } from '@portabletext/markdown';
import { z } from 'zod';
import { escapeMarkdownText } from './escape-markdown-text';

export const RawPost = z.object({
  _id: z.string(),
  title: z.string(),
  excerpt: z.string().nullish(),
  publishedAt: z.string().nullish(),
  body: z.array(z.object({ _type: z.string() }).loose()).nullish(),
  author: z.object({ name: z.string().nullish() }).nullish(),
});
export type RawPost = z.infer<typeof RawPost>;

export interface ImageSource {
  projectId: string;
  dataset: string;
}

const bodyImage = z.object({
  asset: z.object({ _ref: z.string().min(1) }),
  alt: z.string().optional(),
});

const span = z.object({ _type: z.literal('span'), text: z.string() }).loose();
const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/**
 * The markdown library copies span text verbatim, so `<script>` typed in the editor would be
 * raw HTML in the document. Outside code marks (where entities would show literally) it is
 * entity-encoded: it still reads as `<script>` once rendered, and never runs.
 */
function neutraliseSpanHtml<B extends { _type: string }>(block: B): B {
  const children = (block as { children?: unknown }).children;
  if (block._type !== 'block' || !Array.isArray(children)) return block;
  return {
    ...block,
    children: children.map((child: unknown) => {
      const parsed = span.safeParse(child);
      if (!parsed.success) return child;
      const marks = (child as { marks?: unknown }).marks;
      if (Array.isArray(marks) && marks.includes('code')) return child;
      return { ...parsed.data, text: parsed.data.text.replace(/[&<>]/g, (c) => HTML_ENTITIES[c]!) };
    }),
  };
}

/**
 * `# Title`, a byline, the excerpt as a blockquote, then the body. Title, author name and
 * excerpt are editor text: each is escaped onto one line (see escape-markdown-text.ts).
 */
export function renderPostMarkdown(post: RawPost, images: ImageSource): string {
  const builder = createImageUrlBuilder(images);
  const sections = [`# ${escapeMarkdownText(post.title)}`];

  const name = escapeMarkdownText(post.author?.name ?? '');
  const date = post.publishedAt ? new Date(post.publishedAt) : undefined;
  const byline = [
    name ? `By ${name}` : undefined,
    date && !Number.isNaN(date.getTime()) ? date.toISOString().slice(0, 10) : undefined,
  ]
    .filter(Boolean)
    .join(' · ');
  if (byline) sections.push(byline);

  const excerpt = escapeMarkdownText(post.excerpt ?? '');
  if (excerpt) sections.push(`> ${excerpt}`);

  if (post.body && post.body.length > 0) {
    const body = portableTextToMarkdown(post.body.map(neutraliseSpanHtml), {
      types: {
        // Editor HTML is shown as code, never passed through as markup (the library's default).
        html: ({ value }) => {
          const html = (value as { html?: unknown }).html;
          if (typeof html !== 'string' || html.trim() === '') return '';
          const fence = '`'.repeat(
            Math.max(3, ...(html.match(/`+/g) ?? []).map((f) => f.length + 1)),
          );
          return `${fence}html\n${html}\n${fence}`;
        },
        image: ({ value }) => {
          const parsed = bodyImage.safeParse(value);
          if (!parsed.success) return '';
          const alt = escapeMarkdownText(parsed.data.alt ?? '');
          return `![${alt}](${builder.image(parsed.data).url()})`;
        },
      },
    }).trim();
    if (body) sections.push(body);
  }
  return sections.join('\n\n') + '\n';
}
