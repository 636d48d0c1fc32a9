import { createImageUrlBuilder } from '@sanity/image-url';
import { portableTextToMarkdown } from '@portabletext/markdown';
import { z } from 'zod';

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

/** `# Title`, a byline, the excerpt as a blockquote, then the body. */
export function renderPostMarkdown(post: RawPost, images: ImageSource): string {
  const builder = createImageUrlBuilder(images);
  const sections = [`# ${post.title.trim()}`];

  const name = post.author?.name?.trim();
  const date = post.publishedAt ? new Date(post.publishedAt) : undefined;
  const byline = [
    name ? `By ${name}` : undefined,
    date && !Number.isNaN(date.getTime()) ? date.toISOString().slice(0, 10) : undefined,
  ]
    .filter(Boolean)
    .join(' · ');
  if (byline) sections.push(byline);

  const excerpt = post.excerpt?.trim();
  if (excerpt)
    sections.push(
      excerpt
        .split('\n')
        .map((line) => `> ${line}`.trimEnd())
        .join('\n'),
    );

  if (post.body && post.body.length > 0) {
    const body = portableTextToMarkdown(post.body, {
      types: {
        image: ({ value }) => {
          const parsed = bodyImage.safeParse(value);
          if (!parsed.success) return '';
          const alt = (parsed.data.alt ?? '').replace(/[[\]]/g, '');
          return `![${alt}](${builder.image(parsed.data).url()})`;
        },
      },
    }).trim();
    if (body) sections.push(body);
  }
  return sections.join('\n\n') + '\n';
}
