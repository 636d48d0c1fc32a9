// GET /healthz — public readiness for load balancers and container health checks: names nothing.
import { ApiError, defineRoute } from '@/lib/platform/http';
import { checkReady } from '@/lib/composition/health/check-ready';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('marketing', {
  GET: async () => {
    // Not ready is the same 503 envelope as any outage: it names no adapter and no cause.
    if (!(await checkReady())) {
      throw new ApiError('SERVICE_UNAVAILABLE', { headers: { 'Retry-After': '5' } });
    }
    return Response.json({ ok: true }, { headers: { 'Cache-Control': 'no-store' } });
  },
});
