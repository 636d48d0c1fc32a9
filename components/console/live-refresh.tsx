'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';

/**
 * Keeps a live page current without reloading it: every `seconds` it asks `versionUrl` with the
 * version it shows (If-None-Match); an unchanged page is a 304 with no body, a changed one is
 * rendered again on the server (router.refresh). Rendered only while something is live, so a page
 * with nothing running never polls; a hidden tab skips its turns.
 */
export function LiveRefresh({
  versionUrl,
  version,
  seconds = 1,
}: {
  versionUrl: string;
  version: string;
  seconds?: number;
}) {
  const router = useRouter();
  useEffect(() => {
    let held = version;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const poll = async () => {
      if (!document.hidden) {
        try {
          const response = await fetch(versionUrl, {
            headers: { 'If-None-Match': `"${held}"` },
            cache: 'no-store',
          });
          if (response.status === 200) {
            const body = (await response.json()) as { version: string };
            held = body.version;
            router.refresh();
          }
        } catch {
          // A dropped request is asked again on the next turn.
        }
      }
      if (!stopped) timer = setTimeout(poll, seconds * 1000);
    };
    timer = setTimeout(poll, seconds * 1000);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [router, versionUrl, version, seconds]);
  return (
    <p className="live-note" data-testid="live-note">
      <span className="live-dot" aria-hidden="true" /> Live: this page updates by itself.
    </p>
  );
}
