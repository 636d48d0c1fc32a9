import { headers } from 'next/headers';
import { getConfig } from '../config';

const HOST = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

/** The site's public origin: PUBLIC_SITE_URL, else the Host the browser used (makes a page dynamic). */
export async function siteOrigin(): Promise<string> {
  const configured = getConfig().PUBLIC_SITE_URL;
  if (configured) return configured.replace(/\/$/, '');
  const list = await headers();
  const host = list.get('host') ?? '';
  const proto = list.get('x-forwarded-proto')?.split(',')[0]?.trim() === 'https' ? 'https' : 'http';
  return HOST.test(host) ? `${proto}://${host}` : 'http://localhost';
}
