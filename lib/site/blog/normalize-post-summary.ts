import { z } from 'zod';
import { BlogPostSummary } from '@/schemas/blog';

type Summary = z.infer<typeof BlogPostSummary>;

const imageShape = z.object({
  _type: z.string(),
  asset: z.object({ _ref: z.string().min(1), _type: z.string() }),
  alt: z.string().optional(),
});

/** What the list query returns for one post; anything may be missing or blank. */
export const RawPostSummary = z.object({
  _id: z.string(),
  title: z.string(),
  slug: z.object({ current: z.string(), _type: z.string().optional() }),
  excerpt: z.string().nullish(),
  featuredImage: z.unknown().optional(),
  publishedAt: z.string().nullish(),
  categories: z.array(z.string()).nullish(),
  contentSource: z.string().nullish(),
  author: z.object({ name: z.string().nullish(), avatar: z.unknown().optional() }).nullish(),
});

function image(value: unknown) {
  const parsed = imageShape.safeParse(value);
  if (!parsed.success) return null;
  const { _type, asset, alt } = parsed.data;
  return {
    _type,
    asset: { _ref: asset._ref, _type: asset._type },
    ...(alt === undefined ? {} : { alt }),
  };
}

/** Blank becomes null, exactly as BlogPostSummary promises. */
export function normalizePostSummary(raw: z.infer<typeof RawPostSummary>): Summary {
  const excerpt = raw.excerpt?.trim() ? raw.excerpt : null;
  const categories = raw.categories && raw.categories.length > 0 ? raw.categories : null;
  const authorName = raw.author?.name?.trim();
  return {
    _id: raw._id,
    title: raw.title,
    slug:
      raw.slug._type === undefined
        ? { current: raw.slug.current }
        : { current: raw.slug.current, _type: raw.slug._type },
    excerpt,
    featuredImage: image(raw.featuredImage),
    publishedAt: raw.publishedAt ?? null,
    categories,
    contentSource: raw.contentSource ?? null,
    author: authorName ? { name: authorName, avatar: image(raw.author?.avatar) } : null,
  };
}
