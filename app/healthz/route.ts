// GET /healthz — public readiness for load balancers and container health checks: names nothing.
import { defineRoute } from '@/lib/http';
import { checkReady } from '@/lib/health/check-ready';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute('marketing', {
  GET: async () => {
    const ready = await checkReady();
    return Response.json(
      { ok: ready },
      {
        status: ready ? 200 : 503,
        headers: { 'Cache-Control': 'no-store', ...(ready ? {} : { 'Retry-After': '5' }) },
      },
    );
  },
});
