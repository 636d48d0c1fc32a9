'use client';
import { useEffect, useState } from 'react';
import { displayedCount, nextFetchAt, type CounterAnchors } from '@/lib/site/call-counter';

const numberFormat = new Intl.NumberFormat('en-US');

/**
 * The live "calls resolved" number. Starts from the anchors the server rendered, then keeps
 * them fresh from GET /api/stats/calls (once on load, then at each new 5-minute bucket) and
 * moves between them at the modeled rate.
 */
export function CallsCounter({ initial }: { initial: CounterAnchors }) {
  const [stats, setStats] = useState(initial);
  const [now, setNow] = useState<number | null>(null);

  useEffect(() => {
    let cancelled = false;
    const load = async () => {
      try {
        const response = await fetch('/api/stats/calls');
        if (!response.ok) return;
        const next = (await response.json()) as CounterAnchors;
        if (!cancelled) setStats(next);
      } catch {
        // keep animating on the anchors we have
      }
    };
    void load();
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => {
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    let refetching = false;
    const tick = () => {
      const t = Date.now();
      setNow(t);
      if (t >= nextFetchAt(stats) && !refetching) {
        refetching = true;
        fetch('/api/stats/calls', { cache: 'no-store' })
          .then((r) => (r.ok ? (r.json() as Promise<CounterAnchors>) : null))
          .then((next) => {
            if (next && next.asOf !== stats.asOf) setStats(next);
          })
          .catch(() => undefined)
          .finally(() => {
            refetching = false;
          });
      }
    };
    tick();
    const timer = setInterval(tick, reduced ? 5_000 : 250);
    return () => clearInterval(timer);
  }, [stats]);

  const value = now === null ? stats.previous.count : displayedCount(stats, now);
  return (
    <span
      className="counter-value"
      data-testid="calls-counter"
      data-as-of={stats.asOf}
      data-live={now === null ? undefined : 'true'}
    >
      {numberFormat.format(value)}
    </span>
  );
}
