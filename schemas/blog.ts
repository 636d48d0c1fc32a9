import { z } from './zod';

export const ImageReference = z
  .object({
    _type: z.string().describe('Type discriminator.'),
    asset: z
      .object({
        _ref: z.string().describe('CMS asset id.'),
        _type: z.string(),
      })
      .describe('Reference to the CMS asset.'),
    alt: z.string().optional().describe('Alt text when the editor supplied it.'),
  })
  .describe('A CMS image reference.')
  .meta({ id: 'ImageReference' });

export const Slug = z
  .object({
    current: z.string().describe('URL path segment.'),
    _type: z.string().optional(),
  })
  .meta({ id: 'Slug' });

export const BlogAuthorSummary = z
  .object({
    name: z.string(),
    avatar: ImageReference.nullable().describe('Null when unset.'),
  })
  .meta({ id: 'BlogAuthorSummary' });

export const BlogPostSummary = z
  .object({
    _id: z.string().describe('CMS document id.'),
    title: z.string(),
    slug: Slug,
    excerpt: z.string().nullable().optional().describe('Null or absent when blank.'),
    featuredImage: ImageReference.nullable().optional().describe('Null when blank.'),
    publishedAt: z.iso
      .datetime({ offset: true })
      .nullable()
      .optional()
      .describe('Ordering key, newest first.'),
    categories: z
      .array(z.string())
      .nullable()
      .optional()
      .describe('Free-form labels; null when none.'),
    contentSource: z
      .string()
      .nullable()
      .optional()
      .describe('Editorial provenance; the index returns editorial posts only.'),
    author: BlogAuthorSummary.nullable().optional().describe('Null when no author set.'),
  })
  .strict()
  .describe('A post without its body; body content is never included.')
  .meta({ id: 'BlogPostSummary' });

export const BlogListResponse = z
  .object({
    posts: z.array(BlogPostSummary).describe('Newest first.'),
    total: z.int().min(0).describe('Total published editorial posts across all pages.'),
    page: z.int().min(1).describe('Resolved page number.'),
    limit: z.int().min(1).max(100).describe('Resolved page size.'),
    hasMore: z.boolean().describe('True when page+1 exists.'),
  })
  .strict()
  .meta({ id: 'BlogListResponse' });

export const BlogListQuery = z.object({
  page: z
    .string()
    .optional()
    .describe(
      'Integer, default 1; values below 1 are clamped to 1. A non-numeric or fractional value falls back to the default.',
    ),
  limit: z
    .string()
    .optional()
    .describe(
      'Integer, default 50; clamped to 1..100. A non-numeric or fractional value falls back to the default.',
    ),
});

export const BlogMarkdownParams = z.object({
  slug: z.string().min(1).describe('Value from posts[].slug.current.'),
});
