import type { useRouter } from 'next/navigation';
import { OAUTH_MOUNT } from '@/lib/oauth/constants';

/** Only a path on this site (never `//host`): where to go once signed in. */
export const safeNext = (next: string | undefined) =>
  next && /^\/(?![/\\])/.test(next) ? next : '/console';

/**
 * Goes where the sign-in was asked from. The OAuth consent page is served beside Next (not one of
 * its pages), so the browser loads it in full rather than through the client router.
 */
export function goAfterSignIn(router: ReturnType<typeof useRouter>, next: string | undefined) {
  const target = safeNext(next);
  if (target.startsWith(`${OAUTH_MOUNT}/`)) {
    window.location.assign(target);
    return;
  }
  router.push(target);
  router.refresh();
}
