// GET /api/stats/calls — the modeled calls-resolved counter at the current 5-minute bucket.
import { defineRoute } from '@/lib/platform/http';
import { getCallStats } from '@/lib/site/stats/get-call-stats';

// Computed per request from the clock; a build-time prerender would freeze one bucket forever.
export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('marketing', {
  GET: () => {
    const stats = getCallStats(new Date());
    return Response.json(stats, {
      headers: {
        'Cache-Control': 'public, max-age=60, stale-while-revalidate=120',
        'X-Data-Freshness': stats.asOf,
      },
    });
  },
});
