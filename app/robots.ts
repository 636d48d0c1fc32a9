import type { MetadataRoute } from 'next';
import { siteOrigin } from '@/lib/site/site-origin';

export const dynamic = 'force-dynamic';

export default async function robots(): Promise<MetadataRoute.Robots> {
  const origin = await siteOrigin();
  return {
    rules: { userAgent: '*', allow: '/', disallow: ['/api/', '/internal/'] },
    sitemap: `${origin}/sitemap.xml`,
  };
}
