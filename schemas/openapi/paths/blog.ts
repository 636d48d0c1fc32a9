import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { BlogListQuery, BlogListResponse, BlogMarkdownParams } from '../../blog';
import { ApiErrorEnvelope, BlogListErrorResponse } from '../../error';
import { z } from '../../zod';

export function registerBlogPaths(registry: OpenAPIRegistry): void {
  registry.registerPath({
    method: 'get',
    path: '/api/blog',
    operationId: 'listBlogPosts',
    summary: 'Page through published editorial posts, newest first, without bodies',
    description:
      'Ordered by publishedAt descending (posts without a date last, ties by _id). Cached one hour and invalidated when content is published. No rate limit.',
    request: { query: BlogListQuery },
    responses: {
      200: {
        description: 'One page of posts.',
        content: { 'application/json': { schema: BlogListResponse } },
      },
      500: {
        description: 'BLOG_FETCH_FAILED, with legacy list keys.',
        content: { 'application/json': { schema: BlogListErrorResponse } },
      },
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/blog/{slug}/markdown',
    operationId: 'getBlogPostMarkdown',
    summary: 'One published post as a markdown document',
    description:
      'Title heading, byline, excerpt blockquote, then the body. No rate limit. Errors are JSON.',
    request: { params: BlogMarkdownParams },
    responses: {
      200: {
        description: 'The post as markdown.',
        headers: {
          'Cache-Control': {
            description: 'public, s-maxage=3600, stale-while-revalidate=86400',
            schema: { type: 'string' },
          },
        },
        content: { 'text/markdown': { schema: z.string() } },
      },
      404: {
        description: 'BLOG_POST_NOT_FOUND (error.field = slug).',
        content: { 'application/json': { schema: ApiErrorEnvelope } },
      },
      500: {
        description: 'BLOG_FETCH_FAILED.',
        content: { 'application/json': { schema: ApiErrorEnvelope } },
      },
    },
  });
}
