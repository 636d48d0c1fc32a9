// First/last-touch attribution in a first-party cookie, from the URL's UTM and click-id
// parameters (the keys of the spec's AttributionTouch). Browser-only.

import { urlTouchKeys } from '@/schemas/touch-keys';

export const ATTRIBUTION_COOKIE = 'vai_attribution';
const PARAMS = urlTouchKeys;
const MAX_AGE_SECONDS = 90 * 24 * 3600;
// The server keeps 1024 characters per value; the cookie keeps less so it stays under 4 KB.
const MAX_VALUE = 300;

export type Touch = Partial<
  Record<(typeof PARAMS)[number] | 'referrer' | 'landing_path' | 'seen_at', string>
>;
export interface StoredAttribution {
  first?: Touch;
  last?: Touch;
}

function isTouch(value: unknown): value is Touch {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((v) => typeof v === 'string')
  );
}

/** The touches read back from a cookie header value; anything unreadable counts as none. */
export function parseAttributionCookie(cookieHeader: string): StoredAttribution {
  const raw = cookieHeader
    .split(/;\s*/)
    .find((part) => part.startsWith(`${ATTRIBUTION_COOKIE}=`))
    ?.slice(ATTRIBUTION_COOKIE.length + 1);
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(decodeURIComponent(raw));
    if (typeof parsed !== 'object' || parsed === null) return {};
    const { first, last } = parsed as Record<string, unknown>;
    return { ...(isTouch(first) ? { first } : {}), ...(isTouch(last) ? { last } : {}) };
  } catch {
    return {};
  }
}

/** The touch a URL carries, or null when it has no UTM or click-id parameter. */
export function touchFromUrl(url: URL, referrer: string, now: Date): Touch | null {
  const touch: Touch = {};
  for (const key of PARAMS) {
    const value = url.searchParams.get(key)?.trim();
    if (value) touch[key] = value.slice(0, MAX_VALUE);
  }
  if (Object.keys(touch).length === 0) return null;
  if (referrer) touch.referrer = referrer.slice(0, MAX_VALUE);
  touch.landing_path = url.pathname.slice(0, MAX_VALUE);
  touch.seen_at = now.toISOString();
  return touch;
}

/** First touch is kept forever (cookie lifetime); last touch is the newest URL with parameters. */
export function mergeTouch(stored: StoredAttribution, touch: Touch | null): StoredAttribution {
  if (!touch) return stored;
  return { first: stored.first ?? touch, last: touch };
}

/** Reads the URL of the current page into the cookie; returns what the cookie now holds. */
export function captureAttribution(): StoredAttribution {
  const stored = parseAttributionCookie(document.cookie);
  const touch = touchFromUrl(new URL(window.location.href), document.referrer, new Date());
  if (!touch) return stored;
  const next = mergeTouch(stored, touch);
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${ATTRIBUTION_COOKIE}=${encodeURIComponent(JSON.stringify(next))}; Path=/; Max-Age=${MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
  return next;
}
