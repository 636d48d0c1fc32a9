'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef } from 'react';

/**
 * Keeps a live page current without reloading it: listens to `versionUrl`'s Server-Sent Events
 * and renders the page again on the server (router.refresh) when the version differs from the one
 * shown. Rendered only while something is live, so a page with nothing running opens no stream;
 * the stream is closed once an event says nothing is live, and while the tab is hidden.
 */
export function LiveRefresh({ versionUrl, version }: { versionUrl: string; version: string }) {
  const router = useRouter();
  // The version on screen; a re-render after a refresh brings the one the event already gave.
  const shown = useRef(version);
  useEffect(() => {
    shown.current = version;
  }, [version]);
  useEffect(() => {
    let source: EventSource | undefined;
    let over = false;
    const close = () => {
      source?.close();
      source = undefined;
    };
    const open = () => {
      if (source || over || document.hidden) return;
      source = new EventSource(versionUrl);
      source.onmessage = (event: MessageEvent<string>) => {
        const body = JSON.parse(event.data) as { version: string; live: boolean };
        if (!body.live) {
          over = true;
          close();
        }
        if (body.version !== shown.current) {
          shown.current = body.version;
          router.refresh();
        }
      };
    };
    const onVisibility = () => (document.hidden ? close() : open());
    open();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      close();
    };
  }, [router, versionUrl]);
  return (
    <p className="live-note" data-testid="live-note">
      <span className="live-dot" aria-hidden="true" /> Live: this page updates by itself.
    </p>
  );
}
