// GET /internal/health — admin only: each port's adapter and whether it answers.
import { defineRoute, requireAdmin } from '@/lib/platform/http';
import { checkHealth } from '@/lib/composition/health/check-health';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('marketing', {
  GET: async ({ request }) => {
    requireAdmin(request);
    const health = await checkHealth();
    return Response.json(health, {
      status: health.ok ? 200 : 503,
      headers: { 'Cache-Control': 'no-store' },
    });
  },
});
