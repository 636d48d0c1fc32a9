// GET /v2/tts/ws without a WebSocket upgrade — 401 without a valid key, else 426 UPGRADE_REQUIRED.
// server.ts takes the upgrades on this path before Next sees them; plain HTTP lands here.
import { getDb } from '@/lib/composition/adapters';
import { ApiError, defineRoute } from '@/lib/platform/http';
import { authenticateOrg, requireScope } from '@/lib/accounts/orgs/authenticate-org';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute('voice', {
  GET: async ({ request }) => {
    // The same credentials the socket takes: the header, or ?api_key= for browsers.
    const queryKey = request.nextUrl.searchParams.get('api_key');
    const header = request.headers.get('authorization') ?? (queryKey ? `Bearer ${queryKey}` : null);
    requireScope(await authenticateOrg(await getDb(), header), { scope: 'speech' });
    throw new ApiError('UPGRADE_REQUIRED', { headers: { Upgrade: 'websocket' } });
  },
});
