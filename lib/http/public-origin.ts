import { getConfig } from '../config';
import type { ApiName } from './docs-url';

const HOST = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

/** The origin the caller used, from the Host header (Next's own URL may say localhost). */
export function requestOrigin(request: Request): string {
  return originFromHeaders(
    request.headers.get('host'),
    request.headers.get('x-forwarded-proto'),
    new URL(request.url).origin,
  );
}

/** `requestOrigin` for a plain Node request (the authorization server runs beside Next). */
export function originFromHeaders(
  host: string | null | undefined,
  forwardedProtoHeader: string | null | undefined,
  fallback: string,
): string {
  if (!host || !HOST.test(host)) return fallback;
  const forwardedProto = forwardedProtoHeader?.split(',')[0]?.trim();
  const proto =
    forwardedProto === 'https' || forwardedProto === 'http'
      ? forwardedProto
      : new URL(fallback).protocol.slice(0, -1);
  return `${proto}://${host}`;
}

/** The origin an API is published at: configured, else the one the caller used. */
export function publicOrigin(api: ApiName, request: Request): string {
  const config = getConfig();
  const configured = api === 'marketing' ? config.PUBLIC_SITE_URL : config.PUBLIC_API_URL;
  return (configured ?? requestOrigin(request)).replace(/\/$/, '');
}
