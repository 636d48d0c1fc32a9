import type { useRouter } from 'next/navigation';
import { OAUTH_MOUNT } from '@/lib/tool-server/oauth/constants';

const FALLBACK = '/console';
/** Printable ASCII but the backslash: browsers drop tabs and newlines and read `\` as `/`. */
const PLAIN = /^[\x21-\x5b\x5d-\x7e]*$/;
/** Layers of percent-encoding looked through; a deeper one is refused rather than trusted. */
const MAX_DECODES = 4;

/**
 * Where to go once signed in: a path on `ownOrigin` (the page's own), else /console. `next` is
 * anyone's to write into a link, so it is resolved as the browser would (`new URL(next, ownOrigin)`)
 * and accepted only when it, and each percent-decoded form of it, stays printable ASCII without
 * backslashes and resolves to our origin. Answers the resolved path, never the raw text.
 */
export function safeNext(next: string | undefined, ownOrigin: string): string {
  if (!next) return FALLBACK;
  const origin = new URL(ownOrigin).origin;
  let layer = next;
  for (let decodes = 0; ; decodes++) {
    if (!PLAIN.test(layer) || !URL.canParse(layer, origin)) return FALLBACK;
    if (new URL(layer, origin).origin !== origin) return FALLBACK;
    let decoded: string;
    try {
      decoded = decodeURIComponent(layer);
    } catch {
      return FALLBACK;
    }
    if (decoded === layer) break;
    if (decodes === MAX_DECODES) return FALLBACK;
    layer = decoded;
  }
  const url = new URL(next, origin);
  return url.pathname + url.search + url.hash;
}

/**
 * Goes where the sign-in was asked from. The OAuth consent page is served beside Next (not one of
 * its pages), so the browser loads it in full rather than through the client router.
 */
export function goAfterSignIn(router: ReturnType<typeof useRouter>, next: string | undefined) {
  const target = safeNext(next, window.location.origin);
  if (target.startsWith(`${OAUTH_MOUNT}/`)) {
    window.location.assign(target);
    return;
  }
  router.push(target);
  router.refresh();
}
