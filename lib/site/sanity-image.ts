import { createImageUrlBuilder } from '@sanity/image-url';
import { z } from 'zod';
import { getConfig } from '../platform/config/config';

export const ImageRef = z.object({
  asset: z.object({ _ref: z.string().min(1) }),
  alt: z.string().nullish(),
});

export interface SiteImage {
  src: string;
  width: number;
  height: number;
  alt: string;
}

// Sanity asset ids carry the original size: image-<hash>-<width>x<height>-<format>.
const DIMENSIONS = /-(\d+)x(\d+)-[a-z0-9]+$/i;

/**
 * A CMS image reference as `next/image` props: the URL built with @sanity/image-url (the
 * custom loader in image-loader.ts adds width and format), the size from the asset id.
 * Null when the value is not an image reference.
 */
export function siteImage(value: unknown): SiteImage | null {
  const parsed = ImageRef.safeParse(value);
  if (!parsed.success) return null;
  const config = getConfig();
  const builder = createImageUrlBuilder({
    projectId: config.SANITY_PROJECT_ID ?? 'embedded',
    dataset: config.SANITY_DATASET ?? 'production',
  });
  const size = DIMENSIONS.exec(parsed.data.asset._ref);
  return {
    src: builder.image(parsed.data).url(),
    width: size ? Number(size[1]) : 1200,
    height: size ? Number(size[2]) : 630,
    alt: (parsed.data.alt ?? '').replace(/\s+/g, ' ').trim(),
  };
}
