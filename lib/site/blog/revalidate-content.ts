import { isValidSignature } from '@sanity/webhook';
import { revalidateTag } from 'next/cache';
import { ApiError } from '../../platform/errors/api-error';
import { BLOG_CACHE_TAG } from './blog-cache';
import { forgetReadyBlogBytes } from './ready-blog-bytes';

/** Verifies a Sanity webhook signature, then expires every cached blog read at once. */
export async function revalidateContent(
  body: string,
  signature: string | null,
  secret: string | undefined,
) {
  if (!secret) {
    throw new ApiError('INVALID_SIGNATURE', {
      hint: 'Revalidation is disabled: set SANITY_REVALIDATE_SECRET.',
    });
  }
  const valid = signature
    ? await isValidSignature(body, signature, secret).catch(() => false)
    : false;
  if (!valid) throw new ApiError('INVALID_SIGNATURE');
  revalidateTag(BLOG_CACHE_TAG, { expire: 0 });
  forgetReadyBlogBytes();
  return { ok: true as const, revalidated: [BLOG_CACHE_TAG] };
}
